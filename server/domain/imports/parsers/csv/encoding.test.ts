import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { StatementUnreadableError } from "../types";
import { mt940Source } from "../mt940/lines";
import { decodeCsvBytes, normaliseEncodingLabel } from "./encoding";

/** Short statements as banks send them: dates and amounts, a header and a few payees in the language. */
const STATEMENTS = {
  russian: [
    "Дата операции;Сумма;Валюта;Получатель;Назначение платежа",
    "01.03.2024;-1250,00;RUB;ООО Ромашка;Оплата по счёту 15 от 28.02.2024",
    "02.03.2024;-349,90;RUB;Пятёрочка;Покупка продуктов",
    "04.03.2024;45000,00;RUB;АО Вектор;Заработная плата за февраль",
    "05.03.2024;-1200,00;RUB;МТС;Оплата мобильной связи",
    "07.03.2024;-560,00;RUB;Аптека Здоровье;Покупка",
    "10.03.2024;-15000,00;RUB;Иванов Сергей Петрович;Перевод по номеру телефона",
  ],
  russianCapitals: [
    "ДАТА;СУММА;ОПИСАНИЕ",
    "01.03.2024;-1250,00;ООО РОМАШКА ОПЛАТА ПО СЧЕТУ 15",
    "02.03.2024;-349,90;ПЯТЕРОЧКА ПОКУПКА ТОВАРОВ",
    "04.03.2024;45000,00;АО ВЕКТОР ЗАРАБОТНАЯ ПЛАТА",
    "05.03.2024;-1200,00;МТС МОБИЛЬНАЯ СВЯЗЬ",
  ],
  ukrainian: [
    "Дата;Сума;Валюта;Отримувач;Призначення платежу",
    "01.03.2024;-1250,00;UAH;ТОВ Сільпо-Фуд;Оплата покупки",
    "02.03.2024;-349,90;UAH;Київстар;Поповнення рахунку № 42",
    "04.03.2024;32000,00;UAH;ФОП Шевченко Євген;Заробітна плата за лютий",
    "05.03.2024;-1200,00;UAH;Укрзалізниця;Квитки Київ - Львів",
    "08.03.2024;-89,00;UAH;АТБ-Маркет;Покупка",
  ],
  czech: [
    "Datum;Částka;Protiúčet;Zpráva pro příjemce",
    "05.03.2024;-1 250,00;123456789/0800;Nákup potravin - řeznictví",
    "06.03.2024;300,00;987654321/0100;Vrácení peněz",
    "07.03.2024;-89,00;111111111/2010;Platba kartou Žabka, Šumperk",
    "08.03.2024;-420,00;222222222/0300;Nájem garáže, březen",
    "11.03.2024;25 000,00;333333333/0600;Mzda únor",
  ],
  polish: [
    "Data operacji;Kwota;Opis",
    "05.03.2024;-125,50;Zakup w sklepie Żabka, Łódź",
    "06.03.2024;3000,00;Wynagrodzenie za luty",
    "07.03.2024;-42,00;Opłata za kartę",
    "08.03.2024;-19,99;Świętokrzyska 12, Kraków",
  ],
  lithuanian: [
    "Data;Suma;Gavėjas;Paskirtis",
    "2024-03-01;-25,40;UAB Maxima LT;Pirkimas kortele",
    "2024-03-02;-12,00;Telia Lietuva;Mokėjimas už paslaugas",
    "2024-03-04;1500,00;AB Šiaulių bankas;Darbo užmokestis",
    "2024-03-05;-8,20;Kavinė Vilniuje;Pusryčiai",
  ],
  latvian: [
    "Datums;Summa;Saņēmējs;Maksājuma mērķis",
    "01.03.2024;-25,40;SIA Rimi Latvija;Pirkums",
    "02.03.2024;-12,00;Latvijas Gāze;Rēķins par gāzi",
    "04.03.2024;1500,00;SIA Ķēķava;Alga par februāri",
  ],
  german: [
    "Buchungstag;Valuta;Betrag;Verwendungszweck",
    "31.01.2024;31.01.2024;-4,50;Bäckerei Müller, Hauptstraße 3",
    "01.02.2024;01.02.2024;-12,99;Café Zürich € Rechnung",
    "02.02.2024;02.02.2024;2500,00;Gehalt Januar",
    "05.02.2024;05.02.2024;-61,20;Überweisung an Jürgen Groß",
  ],
  french: [
    "Date;Libellé;Montant",
    "02/01/2024;PRLV SEPA Crédit Agricole;-45,00 €",
    "03/01/2024;CB Boulangerie Pâtisserie;-8,20 €",
    "05/01/2024;VIR Salaire Décembre;2500,00 €",
    "08/01/2024;CB Œuvre de la Fondation;-20,00 €",
  ],
  dosGerman: [
    "Buchungstag;Betrag;Verwendungszweck",
    "31.01.1994;-4,50;Bäckerei Müller, Hauptstraße",
    "01.02.1994;-12,99;Überweisung Größe",
    "02.02.1994;2500,00;Gehalt Januar",
    "04.02.1994;-30,00;Bargeldauszahlung Köln",
  ],
  dosAmerican: [
    "Date,Amount,Description",
    "01/31/1994,-0.75,Coffee 75¢",
    "02/01/1994,-12.99,Café Olé",
    "02/02/1994,1500.00,Payroll",
    "02/03/1994,-0.50,Newspaper 50¢",
  ],
} satisfies Record<string, string[]>;

const file = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

describe("detecting the encoding of a statement", () => {
  it.each([
    ["windows-1251", "russian"],
    ["windows-1251", "ukrainian"],
    ["windows-1251", "russianCapitals"],
    ["koi8-r", "russian"],
    ["koi8-r", "russianCapitals"],
    ["iso-8859-5", "russian"],
    ["windows-1250", "czech"],
    ["windows-1250", "polish"],
    ["iso-8859-2", "czech"],
    ["iso-8859-2", "polish"],
    ["windows-1257", "lithuanian"],
    ["windows-1257", "latvian"],
    ["windows-1252", "german"],
    ["iso-8859-15", "french"],
    ["cp850", "dosGerman"],
    ["cp437", "dosAmerican"],
  ] as const)("reads %s (%s)", (encoding, language) => {
    const text = file(STATEMENTS[language]);
    const bytes = iconv.encode(text, encoding);
    expect(iconv.decode(bytes, encoding), "the code page has every letter").toBe(text);
    expect(decodeCsvBytes(bytes)).toEqual({ text, encoding });
  });

  it.each(["utf-16le", "utf-16be", "utf-32le", "utf-32be"])("reads %s with and without a BOM", (encoding) => {
    for (const language of ["russian", "german"] as const) {
      const text = file(STATEMENTS[language]);
      expect(decodeCsvBytes(iconv.encode(text, encoding))).toEqual({ text, encoding });
      expect(decodeCsvBytes(iconv.encode(text, encoding, { addBOM: true }))).toEqual({ text, encoding });
    }
  });

  it("reads a long file whose only letters beyond ASCII are a few payees", () => {
    const rows = Array.from(
      { length: 24 },
      (_, i) => `${String(i + 1).padStart(2, "0")}.03.2024;-${100 + i * 7},50;POS 4921 ${9000 + i}`,
    );
    rows.splice(5, 0, "06.03.2024;-812,00;Магнит");
    rows.splice(17, 0, "18.03.2024;-95,00;Лента");
    const text = file(["Date;Amount;Details", ...rows]);
    expect(decodeCsvBytes(iconv.encode(text, "windows-1251"))).toEqual({ text, encoding: "windows-1251" });
  });

  it("reads a card bill of two lines in Shift_JIS, where chardet is less than sure (Gold Point Card Plus)", () => {
    const text = file([
      "2018/7/3,東京電力  電気料金等,ご本人,1回払い,,18/8,11402",
      "2018/7/4,ＡＭＡＺＯＮ．ＣＯ．ＪＰ,ご本人,1回払い,,18/8,3456",
    ]);
    expect(decodeCsvBytes(iconv.encode(text, "shift_jis"))).toEqual({ text, encoding: "shift_jis" });
    // Western text whose bytes happen to pair up as Shift_JIS stays in its code page: no kana come of it.
    const german = file(["Datum;Betrag;Text", "03.04.2024;-12,50;Bäckerei Müller", "04.04.2024;-3,20;Süßwaren"]);
    expect(decodeCsvBytes(iconv.encode(german, "windows-1252")).encoding).toBe("windows-1252");
  });

  it("drops a NUL on a line of its own at the end (RBC's export ends in \\r\\n\\0\\r\\n)", () => {
    const text = "Account Type,Transaction Date,CAD$\r\nChequing,1/2/2014,-1635.00\r\n";
    expect(decodeCsvBytes(Buffer.from(`${text}\0\r\n`))).toEqual({ text, encoding: "utf-8" });
  });

  it("prefers valid UTF-8, with or without a BOM", () => {
    const text = file(STATEMENTS.ukrainian);
    expect(decodeCsvBytes(Buffer.from(text))).toEqual({ text, encoding: "utf-8" });
    expect(decodeCsvBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({
      text,
      encoding: "utf-8",
    });
  });
});

describe("an encoding the person names", () => {
  it("is used as given, without detection", () => {
    const text = file(STATEMENTS.russian);
    // The same bytes read as Windows-1251 when detected; the person's choice wins.
    expect(decodeCsvBytes(iconv.encode(text, "windows-1251"), "koi8-r")).toEqual({
      text: iconv.decode(iconv.encode(text, "windows-1251"), "koi8-r"),
      encoding: "koi8-r",
    });
    expect(decodeCsvBytes(iconv.encode(text, "cp866"), "IBM866")).toEqual({ text, encoding: "ibm866" });
    const german = file(STATEMENTS.dosGerman);
    expect(decodeCsvBytes(iconv.encode(german, "cp850"), "ibm850")).toEqual({ text: german, encoding: "cp850" });
  });

  it("drops that encoding's BOM only", () => {
    const text = file(STATEMENTS.german);
    expect(decodeCsvBytes(iconv.encode(text, "utf-16le", { addBOM: true }), "UTF-16LE")).toEqual({
      text,
      encoding: "utf-16le",
    });
    expect(decodeCsvBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), "utf8")).toEqual({
      text,
      encoding: "utf-8",
    });
    expect(decodeCsvBytes(iconv.encode(text, "utf-32be", { addBOM: true }), "utf-32be")).toEqual({
      text,
      encoding: "utf-32be",
    });
    const withBom = decodeCsvBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), "windows-1252");
    expect(withBom.text.startsWith("ï»¿Buchungstag")).toBe(true);
  });

  it("refuses a label it cannot decode", () => {
    expect(() => decodeCsvBytes(Buffer.from("Datum;Betrag\n"), "klingon-8")).toThrow(StatementUnreadableError);
  });
});

describe("MT940 files", () => {
  const message = [
    ":20:STMT1",
    ":25:40702810900000012345",
    ":28C:1/1",
    ":60F:C240301RUB1000,00",
    ":61:2403010301D250,00NTRFNONREF",
    ":86:Оплата по счёту 15, ООО Ромашка",
    ":62F:C240301RUB750,00",
    "-",
  ];

  it("are decoded like CSV: detected, or as the person says", () => {
    const bytes = iconv.encode(file(message), "windows-1251");
    expect(mt940Source(bytes)).toMatchObject({ encoding: "windows-1251" });
    expect(mt940Source(bytes).lines[5]?.text).toBe(":86:Оплата по счёту 15, ООО Ромашка");
    expect(mt940Source(iconv.encode(file(message), "koi8-r"), "koi8-r").lines[5]?.text).toBe(
      ":86:Оплата по счёту 15, ООО Ромашка",
    );
  });
});

describe("normaliseEncodingLabel", () => {
  it.each([
    ["Windows-1251", "windows-1251"],
    ["cp1251", "windows-1251"],
    [" latin1 ", "windows-1252"],
    ["ISO-8859-1", "windows-1252"],
    ["iso-8859-15", "iso-8859-15"],
    ["ISO_8859-5", "iso-8859-5"],
    ["KOI8-R", "koi8-r"],
    ["cp1257", "windows-1257"],
    ["utf8", "utf-8"],
    ["UTF-16", "utf-16le"],
    ["utf-16be", "utf-16be"],
    ["UTF-32", "utf-32le"],
    ["utf-32be", "utf-32be"],
    ["CP850", "cp850"],
    ["IBM850", "cp850"],
    ["cp437", "cp437"],
    ["ibm437", "cp437"],
    ["cp866", "ibm866"],
  ])("%s is %s", (label, name) => {
    expect(normaliseEncodingLabel(label)).toBe(name);
  });

  it.each(["klingon-8", "", "utf-7", "ebcdic", "replacement"])("%j is not an encoding we read", (label) => {
    expect(normaliseEncodingLabel(label)).toBeNull();
  });
});
