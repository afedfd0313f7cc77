import type { AnyRouter } from "@trpc/server";
import { z } from "zod";
import { receivedStatementFile } from "../domain/imports/read-upload";
import { procedureEntries } from "../routers";
import { callProcedure } from "../routers/call-procedure";
import { fileFieldsOf } from "../routers/shared/file-fields";
import { createContext, type CreateContextOptions, type ResponseControl } from "../trpc/context";
import { readMultipart, type FormShape } from "./multipart";
import { jsonResponse } from "./responses";
import type { RestRequest } from "./rest-request";

/** The form a procedure's input describes: its one z.file() field is the file part, every other key a text field. */
export function formShapeOf(input: z.ZodType): FormShape {
  const [file, ...more] = fileFieldsOf(input);
  if (!file || more.length > 0) throw new Error("a multipart operation's input needs exactly one z.file()");
  const textFields = Object.keys((input as z.ZodObject).shape).filter((key) => key !== file.key);
  return { fileField: file.key, textFields, maxFileBytes: file.maxBytes };
}

/** The procedure at `procedure` of `router` as a multipart form operation. */
export function formOperation(router: AnyRouter, procedure: string, successStatus: number): FormOperation {
  const input = procedureEntries(router).find((entry) => entry.path === procedure)?.inputs[0];
  if (!input) throw new Error(`no procedure with an input at ${procedure}`);
  return { router, procedure, shape: formShapeOf(input as z.ZodType), successStatus };
}

export interface FormOperation {
  router: AnyRouter;
  /** The procedure's path in the router ("imports.create"). */
  procedure: string;
  shape: FormShape;
  successStatus: number;
}

/**
 * Answers a multipart/form-data request with a procedure: the body is read only when the
 * procedure's input check asks for it (ctx.readBody), after authentication, scope and the
 * Idempotency-Key, so the CONTRACT's order holds and a stranger's upload is never read; the form's
 * parts become the input (the file as a File). Errors are thrown for the caller's error body.
 */
export async function answerFormOperation(
  request: RestRequest,
  operation: FormOperation,
  context: Omit<CreateContextOptions, "readBody"> & { response: ResponseControl },
): Promise<Response> {
  const readBody = async () => {
    const form = await readMultipart(request, operation.shape);
    const file = form.file ? { [operation.shape.fileField]: receivedStatementFile(form.file) } : {};
    return { ...form.fields, ...file };
  };
  const body = await callProcedure(operation.router, createContext({ ...context, readBody }), operation.procedure, {});
  const control = context.response;
  const response = jsonResponse(body, control.status ?? operation.successStatus, control.headers);
  response.headers.set("x-request-id", context.requestId);
  return response;
}
