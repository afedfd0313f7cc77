/** Reference data every installation needs, demo or not: ISO 4217 codes with their minor units. */
export interface CurrencyDefinition {
  code: string;
  name: string;
  symbol: string;
  decimalPlaces: number;
}

export const CURRENCIES: readonly CurrencyDefinition[] = [
  { code: "EUR", name: "Euro", symbol: "€", decimalPlaces: 2 },
  { code: "USD", name: "US Dollar", symbol: "$", decimalPlaces: 2 },
  { code: "GBP", name: "Pound Sterling", symbol: "£", decimalPlaces: 2 },
  { code: "CHF", name: "Swiss Franc", symbol: "CHF", decimalPlaces: 2 },
  { code: "JPY", name: "Japanese Yen", symbol: "¥", decimalPlaces: 0 },
  { code: "KWD", name: "Kuwaiti Dinar", symbol: "KD", decimalPlaces: 3 },
  { code: "BHD", name: "Bahraini Dinar", symbol: "BD", decimalPlaces: 3 },
  { code: "OMR", name: "Omani Rial", symbol: "OMR", decimalPlaces: 3 },
  { code: "JOD", name: "Jordanian Dinar", symbol: "JD", decimalPlaces: 3 },
  { code: "TND", name: "Tunisian Dinar", symbol: "DT", decimalPlaces: 3 },
  { code: "PLN", name: "Polish Zloty", symbol: "zł", decimalPlaces: 2 },
  { code: "CZK", name: "Czech Koruna", symbol: "Kč", decimalPlaces: 2 },
  { code: "HUF", name: "Hungarian Forint", symbol: "Ft", decimalPlaces: 2 },
  { code: "RON", name: "Romanian Leu", symbol: "lei", decimalPlaces: 2 },
  { code: "BGN", name: "Bulgarian Lev", symbol: "лв", decimalPlaces: 2 },
  { code: "SEK", name: "Swedish Krona", symbol: "kr", decimalPlaces: 2 },
  { code: "NOK", name: "Norwegian Krone", symbol: "kr", decimalPlaces: 2 },
  { code: "DKK", name: "Danish Krone", symbol: "kr", decimalPlaces: 2 },
  { code: "ISK", name: "Icelandic Krona", symbol: "kr", decimalPlaces: 0 },
  { code: "TRY", name: "Turkish Lira", symbol: "₺", decimalPlaces: 2 },
  { code: "UAH", name: "Ukrainian Hryvnia", symbol: "₴", decimalPlaces: 2 },
  { code: "CAD", name: "Canadian Dollar", symbol: "CA$", decimalPlaces: 2 },
  { code: "AUD", name: "Australian Dollar", symbol: "A$", decimalPlaces: 2 },
  { code: "NZD", name: "New Zealand Dollar", symbol: "NZ$", decimalPlaces: 2 },
  { code: "MXN", name: "Mexican Peso", symbol: "MX$", decimalPlaces: 2 },
  { code: "BRL", name: "Brazilian Real", symbol: "R$", decimalPlaces: 2 },
  { code: "ARS", name: "Argentine Peso", symbol: "AR$", decimalPlaces: 2 },
  { code: "CLP", name: "Chilean Peso", symbol: "CLP$", decimalPlaces: 0 },
  { code: "COP", name: "Colombian Peso", symbol: "COL$", decimalPlaces: 2 },
  { code: "SGD", name: "Singapore Dollar", symbol: "S$", decimalPlaces: 2 },
  { code: "HKD", name: "Hong Kong Dollar", symbol: "HK$", decimalPlaces: 2 },
  { code: "CNY", name: "Chinese Yuan", symbol: "CN¥", decimalPlaces: 2 },
  { code: "KRW", name: "South Korean Won", symbol: "₩", decimalPlaces: 0 },
  { code: "INR", name: "Indian Rupee", symbol: "₹", decimalPlaces: 2 },
  { code: "IDR", name: "Indonesian Rupiah", symbol: "Rp", decimalPlaces: 2 },
  { code: "THB", name: "Thai Baht", symbol: "฿", decimalPlaces: 2 },
  { code: "VND", name: "Vietnamese Dong", symbol: "₫", decimalPlaces: 0 },
  { code: "PHP", name: "Philippine Peso", symbol: "₱", decimalPlaces: 2 },
  { code: "ILS", name: "Israeli New Shekel", symbol: "₪", decimalPlaces: 2 },
  { code: "AED", name: "UAE Dirham", symbol: "AED", decimalPlaces: 2 },
  { code: "SAR", name: "Saudi Riyal", symbol: "SAR", decimalPlaces: 2 },
  { code: "ZAR", name: "South African Rand", symbol: "R", decimalPlaces: 2 },
  { code: "EGP", name: "Egyptian Pound", symbol: "E£", decimalPlaces: 2 },
];
