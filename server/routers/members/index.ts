import { router } from "../../trpc/builders";
import { acceptInvitation } from "./accept-invitation";
import { declineInvitation } from "./decline-invitation";
import { inviteMember } from "./invite";
import { listMembers } from "./list";
import { listInvitations } from "./list-invitations";
import { receivedInvitations } from "./received-invitations";
import { removeMember } from "./remove";
import { withdrawInvitation } from "./withdraw-invitation";

export const membersRouter = router({
  list: listMembers,
  invite: inviteMember,
  remove: removeMember,
  invitations: listInvitations,
  withdrawInvitation,
  receivedInvitations,
  acceptInvitation,
  declineInvitation,
});
