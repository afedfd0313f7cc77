import { expect } from "vitest";
import { AppError, type ErrorCode } from "../errors";

/** Asserts that `work` fails with this AppError code (and a message matching `message`, when given). */
export async function expectAppError(work: Promise<unknown>, code: ErrorCode, message?: RegExp): Promise<AppError> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe(code);
  if (message) expect(appError.message).toMatch(message);
  return appError;
}
