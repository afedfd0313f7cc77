import internals from "@prisma/internals";
import type { SqlExecutor } from "./client";

/**
 * Compares the Prisma schema (prisma/schema/*.prisma, as one text) with a migrated database: every model's table, every scalar
 * field's column (type and nullability), every enum and its values, every primary key, unique and
 * index. Returns one line per difference; empty means the migrations build the schema exactly.
 * (A test tool: it loads @prisma/internals, a development dependency.)
 */

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "object" | "enum" | "unsupported";
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string | null;
  fields: Array<{ name: string }>;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  numeric_precision: number | null;
  numeric_scale: number | null;
  character_maximum_length: number | null;
  datetime_precision: number | null;
}

interface IndexRow {
  table_name: string;
  index_name: string;
  is_unique: boolean;
  is_primary: boolean;
  columns: string[];
}

const SCALAR_UDT: Record<string, string> = {
  String: "text",
  Int: "int4",
  BigInt: "int8",
  Float: "float8",
  Boolean: "bool",
  DateTime: "timestamp",
  Decimal: "numeric",
  Json: "jsonb",
  Bytes: "bytea",
};

const NATIVE_UDT: Record<string, string> = {
  Uuid: "uuid",
  Char: "bpchar",
  VarChar: "varchar",
  Text: "text",
  Timestamptz: "timestamptz",
  Timestamp: "timestamp",
  Date: "date",
  Decimal: "numeric",
  Integer: "int4",
  SmallInt: "int2",
  JsonB: "jsonb",
};

function expectedColumn(field: DmmfField): { udt: string; detail?: string } {
  const native = field.nativeType;
  let udt =
    field.kind === "enum" || field.kind === "unsupported"
      ? field.type
      : native
        ? (NATIVE_UDT[native[0]] ?? native[0].toLowerCase())
        : SCALAR_UDT[field.type]!;
  let detail: string | undefined;
  if (udt === "numeric") detail = native ? `${native[1][0]},${native[1][1]}` : "65,30";
  if (udt === "bpchar" || udt === "varchar") detail = native?.[1][0];
  if (udt === "timestamp" || udt === "timestamptz") detail = native?.[1][0] ?? "3";
  if (field.isList) udt = `_${udt}`;
  return { udt, detail };
}

function actualDetail(column: ColumnRow): string | undefined {
  const udt = column.udt_name.replace(/^_/, "");
  if (udt === "numeric") return `${column.numeric_precision},${column.numeric_scale}`;
  if (udt === "bpchar" || udt === "varchar") return column.character_maximum_length?.toString();
  if (udt === "timestamp" || udt === "timestamptz") return column.datetime_precision?.toString();
  return undefined;
}

/**
 * The Unsupported("type") fields of each model, which the DMMF leaves out: read from the schema's text
 * (`name Unsupported("type")[?] ... @map("column")`).
 */
function unsupportedFields(schemaText: string): Map<string, DmmfField[]> {
  const byModel = new Map<string, DmmfField[]>();
  for (const [, model, body] of schemaText.matchAll(/^model (\w+) \{\n([\s\S]*?)\n\}/gm)) {
    const fields = [...body!.matchAll(/^\s+(\w+)\s+Unsupported\("(\w+)"\)(\?)?.*?(?:@map\("(\w+)"\))?\s*$/gm)].map(
      ([, name, type, optional, column]): DmmfField => ({
        name: name!,
        dbName: column ?? null,
        kind: "unsupported",
        type: type!,
        isList: false,
        isRequired: optional === undefined,
      }),
    );
    byModel.set(model!, fields);
  }
  return byModel;
}

/**
 * The indexes of another method than B-tree (`@@index([field(ops: raw("..."))], type: Gin, map: "name")`),
 * which the DMMF leaves out: read from the schema's text. Each must name its index (map).
 */
function otherMethodIndexes(schemaText: string): DmmfIndex[] {
  const found: DmmfIndex[] = [];
  for (const [, model, body] of schemaText.matchAll(/^model (\w+) \{\n([\s\S]*?)\n\}/gm)) {
    for (const [, fields, name] of body!.matchAll(/^\s+@@index\(\[(.+?)\], type: \w+, map: "(\w+)"\)\s*$/gm)) {
      found.push({
        model: model!,
        type: "normal",
        dbName: name!,
        fields: fields!.split(",").map((field) => ({ name: field.trim().replace(/\(.*$/, "") })),
      });
    }
  }
  return found;
}

export async function diffSchemaAgainstDatabase(sql: SqlExecutor, schemaText: string): Promise<string[]> {
  const dmmf = await internals.getDMMF({ datamodel: schemaText });
  const unsupported = unsupportedFields(schemaText);
  const models = (dmmf.datamodel.models as unknown as DmmfModel[]).map((model) => ({
    ...model,
    fields: [...model.fields, ...(unsupported.get(model.name) ?? [])],
  }));
  const indexes = [
    ...(dmmf.datamodel as unknown as { indexes: DmmfIndex[] }).indexes,
    ...otherMethodIndexes(schemaText),
  ];
  const enums = dmmf.datamodel.enums as unknown as Array<{ name: string; values: Array<{ name: string }> }>;

  const columns = await sql.query<ColumnRow>(
    `SELECT table_name, column_name, udt_name, is_nullable, numeric_precision, numeric_scale,
            character_maximum_length, datetime_precision
       FROM information_schema.columns
      WHERE table_schema = current_schema()
        -- Views (category_lines) are queries over the tables, not a model's storage.
        AND table_name NOT IN (SELECT table_name FROM information_schema.views WHERE table_schema = current_schema())`,
  );
  const dbIndexes = await sql.query<IndexRow>(
    `SELECT t.relname AS table_name, i.relname AS index_name, ix.indisunique AS is_unique,
            ix.indisprimary AS is_primary, array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_index ix
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = current_schema()
      GROUP BY t.relname, i.relname, ix.indisunique, ix.indisprimary`,
  );
  const dbEnums = await sql.query<{ name: string; values: string[] }>(
    `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = current_schema() GROUP BY t.typname`,
  );

  const differences: string[] = [];
  const tableOf = new Map(models.map((model) => [model.name, model.dbName ?? model.name]));
  const columnsByTable = new Map<string, Map<string, ColumnRow>>();
  for (const column of columns) {
    if (!columnsByTable.has(column.table_name)) columnsByTable.set(column.table_name, new Map());
    columnsByTable.get(column.table_name)!.set(column.column_name, column);
  }

  for (const model of models) {
    const table = tableOf.get(model.name)!;
    const actual = columnsByTable.get(table);
    if (!actual) {
      differences.push(`model ${model.name}: table "${table}" is missing`);
      continue;
    }
    const expectedNames = new Set<string>();
    for (const field of model.fields.filter((f) => f.kind !== "object")) {
      const name = field.dbName ?? field.name;
      expectedNames.add(name);
      const column = actual.get(name);
      if (!column) {
        differences.push(`${model.name}.${field.name}: column "${table}"."${name}" is missing`);
        continue;
      }
      const expected = expectedColumn(field);
      const detail = actualDetail(column);
      if (column.udt_name !== expected.udt || (expected.detail !== undefined && detail !== expected.detail)) {
        differences.push(
          `${model.name}.${field.name}: column "${table}"."${name}" is ${column.udt_name}${detail ? `(${detail})` : ""}, ` +
            `schema says ${expected.udt}${expected.detail ? `(${expected.detail})` : ""}`,
        );
      }
      // Prisma creates list columns without NOT NULL, so only scalar columns are compared.
      if (!field.isList && (column.is_nullable === "NO") !== field.isRequired) {
        differences.push(
          `${model.name}.${field.name}: column "${table}"."${name}" is ${column.is_nullable === "NO" ? "NOT NULL" : "nullable"}, ` +
            `schema says ${field.isRequired ? "required" : "optional"}`,
        );
      }
    }
    for (const name of actual.keys()) {
      if (!expectedNames.has(name)) differences.push(`${model.name}: column "${table}"."${name}" is not in the schema`);
    }
  }
  const knownTables = new Set([...tableOf.values(), "_prisma_migrations"]);
  for (const table of columnsByTable.keys()) {
    if (!knownTables.has(table)) differences.push(`table "${table}" is not in the schema`);
  }

  for (const schemaEnum of enums) {
    const actual = dbEnums.find((e) => e.name === schemaEnum.name);
    const expected = schemaEnum.values.map((value) => value.name);
    if (!actual) differences.push(`enum ${schemaEnum.name} is missing`);
    else if (actual.values.join(",") !== expected.join(",")) {
      differences.push(
        `enum ${schemaEnum.name} has (${actual.values.join(", ")}), schema says (${expected.join(", ")})`,
      );
    }
  }

  const matchedIndexes = new Set<string>();
  for (const index of indexes) {
    const model = models.find((m) => m.name === index.model)!;
    const table = tableOf.get(index.model)!;
    const cols = index.fields.map(({ name }) => {
      const field = model.fields.find((f) => f.name === name);
      return field?.dbName ?? name;
    });
    const suffix = index.type === "id" ? "pkey" : index.type === "unique" ? "key" : "idx";
    const name = index.dbName ?? (index.type === "id" ? `${table}_pkey` : `${table}_${cols.join("_")}_${suffix}`);
    const actual = dbIndexes.find((row) => row.table_name === table && row.index_name === name);
    const label = `${index.model} ${index.type === "id" ? "primary key" : index.type === "unique" ? "unique" : "index"} (${cols.join(", ")})`;
    if (!actual) {
      differences.push(`${label}: index "${name}" is missing`);
      continue;
    }
    matchedIndexes.add(`${table}.${name}`);
    if (actual.columns.join(",") !== cols.join(",")) {
      differences.push(`${label}: index "${name}" covers (${actual.columns.join(", ")})`);
    }
    if (actual.is_unique !== (index.type !== "normal") || actual.is_primary !== (index.type === "id")) {
      differences.push(
        `${label}: index "${name}" has the wrong kind (unique=${actual.is_unique}, primary=${actual.is_primary})`,
      );
    }
  }
  for (const row of dbIndexes) {
    if (row.table_name !== "_prisma_migrations" && !matchedIndexes.has(`${row.table_name}.${row.index_name}`)) {
      differences.push(`index "${row.index_name}" on "${row.table_name}" is not in the schema`);
    }
  }
  return differences;
}
