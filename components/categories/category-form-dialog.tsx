"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { createCategoryInput, splitAliases, updateCategoryInput } from "@/server/schemas/categories";
import { FormAlert, formValue, TextField } from "../form-fields";
import { ColorField, DEFAULT_ACCENT, SelectField } from "../manage-fields";
import { Modal } from "../modal";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import type { Category, CategoryGroup } from "./category-types";

const FIELDS = ["name", "group_id", "icon_name", "accent_color", "aliases", "order"] as const;

/** Create a category, or edit one (`category` given). */
export function CategoryFormDialog({
  open,
  category,
  groups,
  onClose,
  onSaved,
}: {
  open: boolean;
  category?: Category;
  groups: CategoryGroup[];
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal open={open} title={category ? `Edit ${category.name}` : "New category"} onClose={onClose}>
      <CategoryForm category={category} groups={groups} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function CategoryForm({ category, groups, onClose, onSaved }: { category?: Category; groups: CategoryGroup[]; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const form = useSchemaForm(FIELDS);
  const done = { onSuccess: () => { onSaved(); onClose(); } };
  const create = useMutation(trpc.manage.categories.create.mutationOptions(done));
  const update = useMutation(trpc.manage.categories.update.mutationOptions(done));
  const pending = create.isPending || update.isPending;
  const errors = form.errors(category ? update.error : create.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const common = {
      name: formValue(data, "name"),
      group_id: formValue(data, "group_id") || null,
      icon_name: formValue(data, "icon_name"),
      accent_color: formValue(data, "accent_color") || null,
      aliases: splitAliases(formValue(data, "aliases")),
    };
    if (category) {
      const input = { ...common, id: category.id, order: Number(formValue(data, "order") || "0") };
      if (form.validate(updateCategoryInput, input)) update.mutate(input);
    } else if (form.validate(createCategoryInput, common)) {
      create.mutate(common);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormAlert message={errors.form} />
      {category?.is_system ? <p className="notice notice-info">A built-in category: you can rename or regroup it; it stays recognisable to imports.</p> : null}
      <TextField label="Name" name="name" required maxLength={100} defaultValue={category?.name} autoComplete="off" error={errors.fields.name} />
      <SelectField label="Group" name="group_id" defaultValue={category?.group_id ?? ""} error={errors.fields.group_id}>
        <option value="">No group</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Aliases"
        name="aliases"
        defaultValue={category?.aliases.join(", ")}
        autoComplete="off"
        hint="Other names, separated by commas (e.g. Miete, mortgage); they help match bank descriptions."
        error={errors.fields.aliases}
      />
      <div className="manage-grid">
        <TextField label="Icon" name="icon_name" maxLength={50} defaultValue={category?.icon_name ?? ""} hint="An icon name, e.g. home." error={errors.fields.icon_name} />
        <ColorField label="Colour" name="accent_color" defaultValue={category?.accent_color ?? DEFAULT_ACCENT} error={errors.fields.accent_color} />
        {category ? <TextField label="Order" name="order" type="number" min={0} defaultValue={category.order} error={errors.fields.order} /> : null}
      </div>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? "Saving…" : category ? "Save category" : "Create category"}
        </button>
      </div>
    </form>
  );
}
