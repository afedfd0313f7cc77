import { expect } from "vitest";
import { AppError } from "../errors";

/** The AppError a multipart read refused with (tests): its status, code and message. */
export async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, message } = error as AppError;
  return { status, code, message };
}
