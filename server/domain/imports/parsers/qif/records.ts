/**
 * A QIF file as its sections and records: `!Type:` and `!Account` headers, each record a run of
 * one-letter fields ended by `^`. Nothing is interpreted here beyond what belongs to which account.
 */

interface QifField {
  code: string;
  value: string;
  line: number;
}

export interface QifRecord {
  fields: QifField[];
  /** Line of the record's first field. */
  line: number;
}

export interface QifSection {
  /** The type after `!Type:` as written, e.g. "Bank", "CCard", "Oth A", "Invst", "Cat". */
  type: string;
  /** The `!Account` block in force (its N and T fields), null when the file names none. */
  account: { name: string | null; type: string | null } | null;
  records: QifRecord[];
  line: number;
}

/** Splits lines into sections. Lines before the first header (comments, blank) are ignored. */
export function qifSections(text: string): QifSection[] {
  const sections: QifSection[] = [];
  let section: QifSection | null = null;
  let account: QifSection["account"] = null;
  /** Inside an `!Account` block: its fields until `^`. */
  let accountBlock: QifField[] | null = null;
  /** Between `!Option:AutoSwitch` and `!Clear:AutoSwitch` the `!Account` blocks are a list of accounts. */
  let accountList = false;
  /**
   * The last `!Account` block, when it is the header right before this one. A block a `!Type:` header
   * follows is the account of the records after it, inside an AutoSwitch run too: Quicken sets the
   * option again after its list, and then names each account before its records.
   */
  let accountJustNamed: QifSection["account"] = null;
  let fields: QifField[] = [];

  const endRecord = () => {
    if (accountBlock) {
      const name = accountBlock.find((field) => field.code === "N")?.value.trim() || null;
      const type = accountBlock.find((field) => field.code === "T")?.value.trim() || null;
      if (!accountList) account = { name, type };
      accountJustNamed = { name, type };
      accountBlock = null;
    } else if (section && fields.length > 0) {
      section.records.push({ fields, line: fields[0]!.line });
    }
    fields = [];
  };

  const lines = text.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index]!.replace(/^\uFEFF/, "");
    const number = index + 1;
    if (line.startsWith("^")) {
      endRecord();
      // Some writers start the next header on the same line: "^!Type:Cat".
      line = line.slice(1).trimStart();
      if (line === "") continue;
    }
    const trimmed = line.trim();
    if (trimmed.startsWith("!")) {
      // A header ends a record that lacks its "^".
      if (fields.length > 0 || accountBlock) endRecord();
      const header = trimmed.slice(1).trim();
      const type = /^Type\s*:\s*(.*)$/i.exec(header);
      const named = accountJustNamed;
      accountJustNamed = null;
      if (type) {
        if (named) account = named;
        section = { type: type[1]!.trim(), account, records: [], line: number };
        sections.push(section);
      } else if (/^Account\b/i.test(header)) {
        accountBlock = [];
        section = null;
      } else if (/^Option\s*:\s*AutoSwitch/i.test(header)) {
        accountList = true;
      } else if (/^Clear\s*:\s*AutoSwitch/i.test(header)) {
        accountList = false;
      }
      continue;
    }
    if (trimmed === "") continue;
    const field = { code: line.charAt(0), value: line.slice(1).replace(/\s+$/, ""), line: number };
    if (accountBlock) accountBlock.push(field);
    else if (section) fields.push(field);
  }
  endRecord();
  return sections;
}
