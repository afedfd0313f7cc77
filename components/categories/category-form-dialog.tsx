"use client";

import { useTranslations } from "next-intl";
import { createCategoryInput, splitAliases, updateCategoryInput } from "@/server/routers/categories/schemas";
import { IconField } from "../entity-icons";
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
  const t = useTranslations("categories.form");
  return (
    <Modal open={open} title={category ? t("editTitle", { name: category.name }) : t("newTitle")} onClose={onClose}>
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
  const t = useTranslations("categories.form");
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
      label={category ? t("save") : t("create")}
      pending={saving.isPending}
      onCancel={onClose}
    >
      {category?.is_system ? <p className="notice notice-info">{t("builtInNotice")}</p> : null}
      <TextField
        label={t("name")}
        name="name"
        required
        maxLength={100}
        defaultValue={category?.name}
        autoComplete="off"
        error={errors.fields.name}
      />
      <SelectField
        label={t("group")}
        name="group_id"
        defaultValue={category?.group_id ?? ""}
        error={errors.fields.group_id}
      >
        <option value="">{t("noGroup")}</option>
        <NamedOptions items={groups} />
      </SelectField>
      <TextField
        label={t("aliases")}
        name="aliases"
        defaultValue={category?.aliases.join(", ")}
        autoComplete="off"
        hint={t("aliasesHint")}
        error={errors.fields.aliases}
      />
      <IconField
        label={t("icon")}
        name="icon_name"
        defaultValue={category?.icon_name}
        error={errors.fields.icon_name}
      />
      <div className="manage-grid">
        <ColorField
          label={t("colour")}
          name="accent_color"
          defaultValue={category?.accent_color ?? DEFAULT_ACCENT}
          error={errors.fields.accent_color}
        />
        {category ? (
          <TextField
            label={t("order")}
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
