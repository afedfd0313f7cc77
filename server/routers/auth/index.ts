import { router } from "../../trpc/builders";
import { changeEmailProcedure } from "./change-email";
import { changePasswordProcedure } from "./change-password";
import { createSessionProcedure } from "./create-session";
import { currentSessionProcedure } from "./current-session";
import { endSessionProcedure } from "./end-session";
import { requestPasswordResetProcedure, resetPasswordProcedure } from "./password-reset";
import { signUpProcedure } from "./sign-up";

export const authRouter = router({
  signUp: signUpProcedure,
  createSession: createSessionProcedure,
  currentSession: currentSessionProcedure,
  endSession: endSessionProcedure,
  changePassword: changePasswordProcedure,
  changeEmail: changeEmailProcedure,
  requestPasswordReset: requestPasswordResetProcedure,
  resetPassword: resetPasswordProcedure,
});
