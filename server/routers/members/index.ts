import { router } from "../../trpc/builders";
import { acceptInvitationProcedure } from "./accept-invitation";
import { declineInvitationProcedure } from "./decline-invitation";
import { inviteMemberProcedure } from "./invite";
import { listMembersProcedure } from "./list";
import { listInvitationsProcedure } from "./list-invitations";
import { receivedInvitationsProcedure } from "./received-invitations";
import { removeMemberProcedure } from "./remove";
import { withdrawInvitationProcedure } from "./withdraw-invitation";

export const membersRouter = router({
  list: listMembersProcedure,
  invite: inviteMemberProcedure,
  remove: removeMemberProcedure,
  invitations: listInvitationsProcedure,
  withdrawInvitation: withdrawInvitationProcedure,
  receivedInvitations: receivedInvitationsProcedure,
  acceptInvitation: acceptInvitationProcedure,
  declineInvitation: declineInvitationProcedure,
});
