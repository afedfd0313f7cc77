import { router } from "../../trpc/builders";
import { changeEmail } from "./change-email";
import { changePassword } from "./change-password";
import { createSession } from "./create-session";
import { currentSession } from "./current-session";
import { endSession } from "./end-session";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { signUp } from "./sign-up";

export const authRouter = router({
  signUp,
  createSession,
  currentSession,
  endSession,
  changePassword,
  changeEmail,
  requestPasswordReset,
  resetPassword,
});
