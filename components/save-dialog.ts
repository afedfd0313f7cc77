"use client";

import { useMutation, type UseMutationOptions } from "@tanstack/react-query";

/** What a page gives a dialog that saves: open or not, how to close it, and what follows a save (a refresh). */
export interface SaveDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** What such a dialog gives the form in it. */
export type SaveFormProps = Omit<SaveDialogProps, "open">;

/** A save's mutation options: once it worked, the page hears of it (with the answer) and the dialog closes. */
export function closeOnSave<Answer>(onSaved: (answer: Answer) => void, onClose: () => void) {
  return {
    onSuccess: (answer: Answer) => {
      onSaved(answer);
      onClose();
    },
  };
}

/** A tRPC mutation procedure as useMutation needs it (`trpc.budgets.create`). */
interface SaveProcedure<Input, Answer, Failure> {
  mutationOptions: (options: { onSuccess: (answer: Answer) => void }) => UseMutationOptions<Answer, Failure, Input>;
}

/**
 * A create-or-edit form's two saves (`router.create`, `router.update`), each closing the dialog once
 * it worked, and `saving`: the one this form does (update when `editing`), for its error and pending state.
 */
export function useCreateOrUpdate<CreateInput, CreateAnswer, UpdateInput, UpdateAnswer, Failure>(
  router: {
    create: SaveProcedure<CreateInput, CreateAnswer, Failure>;
    update: SaveProcedure<UpdateInput, UpdateAnswer, Failure>;
  },
  editing: boolean,
  { onSaved, onClose }: { onSaved: (answer: CreateAnswer | UpdateAnswer) => void; onClose: () => void },
) {
  const create = useMutation(router.create.mutationOptions(closeOnSave(onSaved, onClose)));
  const update = useMutation(router.update.mutationOptions(closeOnSave(onSaved, onClose)));
  return { create, update, saving: editing ? update : create };
}
