/**
 * Payment providers' activity reports: PayPal (in English and Spanish) and Adyen's settlement report.
 */
import type { BankProfile } from "../profiles";

export const PAYMENT_PROVIDERS: readonly BankProfile[] = [
  {
    key: "paypal",
    name: "PayPal",
    columns: { description: ["type", "subject", "note"], type: [] },
    signature: [
      "date",
      "time",
      "time zone",
      "name",
      "type",
      "status",
      "currency",
      "gross",
      "fee",
      "net",
      "transaction id",
    ],
  },
  {
    key: "paypal",
    name: "PayPal",
    dateOrder: "dmy",
    signature: [
      "fecha",
      "hora",
      "zona horaria",
      "descripcion",
      "divisa",
      "bruto",
      "comision",
      "neto",
      "saldo",
      "id de transaccion",
    ],
  },
  {
    key: "adyen",
    name: "Adyen",
    signature: [
      "creation date",
      "type",
      "modification reference",
      "net currency",
      "net debit nc",
      "net credit nc",
      "batch number",
    ],
    columns: {
      description: ["type", "merchant reference", "modification reference", "modification merchant reference"],
      type: [],
    },
  },
];
