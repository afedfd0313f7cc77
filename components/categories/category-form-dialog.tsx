"use client";

import { createCategoryInput, splitAliases, updateCategoryInput } from "@/server/routers/categories/schemas";
import { formValue, TextField } from "../form-fields";
import { ColorField, DEFAULT_ACCENT, NamedOptions, SelectField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { useCreateOrUpdate, type SaveDialogProps, type SaveFormProps } from "../save-dialog";
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
}: { category?: Category; groups: CategoryGroup[] } & SaveDialogProps) {
  return (
    <Modal open={open} title={category ? `Edit ${category.name}` : "New category"} onClose={onClose}>
      <CategoryForm category={category} groups={groups} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function CategoryForm({
  category,
  groups,
  onClose,
  onSaved,
}: { category?: Category; groups: CategoryGroup[] } & SaveFormProps) {
  const trpc = useTRPC();
  const form = useSchemaForm(FIELDS);
  const { create, update, saving } = useCreateOrUpdate(trpc.categories, category !== undefined, { onSaved, onClose });
  const errors = form.errors(saving.error);

  const submit = (data: FormData) => {
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
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={category ? "Save category" : "Create category"}
      pending={saving.isPending}
      onCancel={onClose}
    >
      {category?.is_system ? (
        <p className="notice notice-info">
          A built-in category: you can rename or regroup it; it stays recognisable to imports.
        </p>
      ) : null}
      <TextField
        label="Name"
        name="name"
        required
        maxLength={100}
        defaultValue={category?.name}
        autoComplete="off"
        error={errors.fields.name}
      />
      <SelectField label="Group" name="group_id" defaultValue={category?.group_id ?? ""} error={errors.fields.group_id}>
        <option value="">No group</option>
        <NamedOptions items={groups} />
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
        <TextField
          label="Icon"
          name="icon_name"
          maxLength={50}
          defaultValue={category?.icon_name ?? ""}
          hint="An icon name, e.g. home."
          error={errors.fields.icon_name}
        />
        <ColorField
          label="Colour"
          name="accent_color"
          defaultValue={category?.accent_color ?? DEFAULT_ACCENT}
          error={errors.fields.accent_color}
        />
        {category ? (
          <TextField
            label="Order"
            name="order"
            type="number"
            min={0}
            defaultValue={category.order}
            error={errors.fields.order}
          />
        ) : null}
      </div>
    </DialogForm>
  );
}
