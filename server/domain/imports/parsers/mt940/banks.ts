/**
 * The bank behind an MT940 file, from what the file says: the BIC in the SWIFT header block or on
 * the envelope lines around each message, the BIC before the account in :25: ("DABADKKK/123"),
 * or the bank code inside a Dutch or Polish IBAN. Unknown banks read as "mt940".
 */

interface Bank {
  key: string;
  name: string;
}

const BY_BIC: Record<string, Bank> = {
  ABNANL2A: { key: "abn_amro", name: "ABN AMRO" },
  INGBNL2A: { key: "ing_nl", name: "ING (Netherlands)" },
  RABONL2U: { key: "rabobank", name: "Rabobank" },
  SNSBNL2A: { key: "sns", name: "SNS Bank" },
  ASNBNL21: { key: "asn", name: "ASN Bank" },
  TRIONL2U: { key: "triodos", name: "Triodos Bank" },
  KNABNL2H: { key: "knab", name: "Knab" },
  BUNQNL2A: { key: "bunq", name: "bunq" },
  FVLBNL22: { key: "van_lanschot", name: "Van Lanschot" },
  DEUTDEFF: { key: "deutsche_bank", name: "Deutsche Bank" },
  DABADKKK: { key: "danske_bank_dk", name: "Danske Bank (Denmark)" },
  DABASESX: { key: "danske_bank_se", name: "Danske Bank (Sweden)" },
  BPHKPLPK: { key: "bank_bph", name: "Bank BPH" },
  BREXPLPW: { key: "mbank", name: "mBank" },
  HSBCHKHH: { key: "hsbc_hk", name: "HSBC (Hong Kong)" },
  KOBSMK2X: { key: "komercijalna_banka_mk", name: "Komercijalna Banka (North Macedonia)" },
  ZEIBNGLA: { key: "zenith_bank", name: "Zenith Bank" },
  POFICHBE: { key: "postfinance", name: "PostFinance" },
};

/** Bank codes inside IBANs: NL (4 letters after the check digits), PL (first 3 digits of the sort code). */
const BIC_BY_IBAN_BANK: Record<string, string> = {
  NLABNA: "ABNANL2A",
  NLINGB: "INGBNL2A",
  NLRABO: "RABONL2U",
  NLSNSB: "SNSBNL2A",
  NLASNB: "ASNBNL21",
  NLTRIO: "TRIONL2U",
  NLKNAB: "KNABNL2H",
  NLBUNQ: "BUNQNL2A",
  NLFVLB: "FVLBNL22",
  PL114: "BREXPLPW",
};

/** Bank names some banks write before the account in :25: ("TRIODOSBANK/0390123456"). */
const BIC_BY_NAME: Record<string, string> = { TRIODOSBANK: "TRIONL2U" };

const BIC_SHAPE = /^[A-Z]{6}[A-Z0-9]{2}/;

function bicFromIban(account: string): string | null {
  const iban = account.replace(/\s+/g, "").toUpperCase();
  const nl = /^NL\d{2}([A-Z]{4})\d{10}$/.exec(iban);
  if (nl) return BIC_BY_IBAN_BANK[`NL${nl[1]}`] ?? null;
  const pl = /^PL\d{2}(\d{3})\d{21}$/.exec(iban);
  return pl ? (BIC_BY_IBAN_BANK[`PL${pl[1]}`] ?? null) : null;
}

export function detectMt940Bank(input: {
  headerBics: string[];
  outside: string[];
  accounts: string[];
  references: string[];
}): {
  bankKey: string;
  bankName: string | null;
} {
  const candidates: string[] = [...input.headerBics];
  for (const line of input.outside) {
    const envelope = /^(?:0000 \d{2})?([A-Z]{6}[A-Z0-9]{2})/.exec(line.trim());
    if (envelope) candidates.push(envelope[1]!);
  }
  for (const account of input.accounts) {
    const prefix = account.split("/")[0]!.trim();
    if (account.includes("/") && BIC_BY_NAME[prefix.toUpperCase()]) candidates.push(BIC_BY_NAME[prefix.toUpperCase()]!);
    else if (account.includes("/") && BIC_SHAPE.test(prefix)) candidates.push(prefix.slice(0, 8));
    const fromIban = bicFromIban(account);
    if (fromIban) candidates.push(fromIban);
  }
  for (const reference of input.references) {
    if (BIC_SHAPE.test(reference)) candidates.push(reference.slice(0, 8));
  }
  const bank = candidates.map((bic) => BY_BIC[bic]).find(Boolean);
  return bank ? { bankKey: bank.key, bankName: bank.name } : { bankKey: "mt940", bankName: null };
}
