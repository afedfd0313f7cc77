/**
 * Builds server/domain/categorisation/place-terms.ts from OpenStreetMap's iD tagging schema (ISC,
 * the npm package @openstreetmap/id-tagging-schema, https://github.com/openstreetmap/id-tagging-schema):
 * the words people use for a kind of place, in every language the schema is translated to
 * ("bäckerei", "boulangerie", "panadería" -> shop=bakery; "apotheke", "farmacia" -> amenity=pharmacy).
 * The learner reads them as it reads a brand's kind (brands.ts), so "Pizzeria Roma" goes where the
 * person's other restaurants went although they never paid it before.
 *
 *   npm pack @openstreetmap/id-tagging-schema@7.2.0 && tar xzf openstreetmap-id-tagging-schema-7.2.0.tgz
 *   npx tsx scripts/build-place-terms.ts package
 *
 * A preset's name is taken when it names at most three kinds of place (the name "Bar" is a bar's and
 * a pub's); a search term only when it belongs to one kind and is no preset's name ("grill" is a term
 * of several). Terms are read as the learner reads a bank text (merchantWords); terms of one or two
 * letters, of more than three words or with a digit, are left out, as are the kinds nobody pays
 * (paid-places.ts, and PLACE_NOT_PAID below).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { merchantWords } from "../server/domain/categorisation/merchant-text";
import { NOT_PAID } from "./paid-places";

const OUTPUT = path.join(import.meta.dirname, "../server/domain/categorisation/place-terms.ts");
/** Presets of places a person pays at, two levels deep ("amenity/restaurant", not "amenity/restaurant/pizza"). */
const PRESET = /^(shop|amenity|leisure|tourism|office|craft|healthcare)\/([a-z_]+)$/;
/**
 * Presets of things nobody pays that the brands' list (paid-places.ts) never had to name, since no
 * chain runs them: street furniture, clocks, shelters, places of worship, gardens, viewpoints, a
 * vacant shop, an online shop's pick-up point ("online" is one of its terms).
 */
const PLACE_NOT_PAID =
  /^amenity\/(baking_oven|bbq|bench|binoculars|clock|compressed_air|device_charging_station|dog_toilet|dressing_room|fountain|give_box|grave_yard|grit_bin|hunting_stand|kitchen|kneipp_water_cure|lavoir|letter_box|library_dropoff|loading_dock|lounger|monastery|parking_entrance|parking_space|place_of_worship|polling_station|ranger_station|recycling_container|refugee_site|sanitary_dump_station|shelter|shower|smoking_area|townhall|traffic_park|water_point|watering_place)$|^leisure\/(bandstand|bathing_place|bird_hide|bleachers|common|firepit|garden|outdoor_seating|picnic_table|schoolyard|slipway|slipway_drivable|swimming_area|track)$|^tourism\/(artwork|camp_pitch|picnic_site|viewpoint|wilderness_hut)$|^shop\/(vacant|outpost)$/;
const MOST_KINDS_OF_A_NAME = 3;
const MOST_WORDS = 3;

interface Preset {
  name?: string;
  terms?: string[] | string;
  aliases?: string[] | string;
}

type Terms = Map<string, Set<string>>;

function add(into: Terms, text: string, kind: string): void {
  const words = merchantWords(text);
  const key = words.join(" ");
  // A number ("420", "24") is no word for a kind of place: bank texts are full of them.
  if (key.length < 3 || words.length > MOST_WORDS || /\d/.test(key)) return;
  let kinds = into.get(key);
  if (!kinds) into.set(key, (kinds = new Set()));
  kinds.add(kind);
}

const listed = (value: string[] | string | undefined, separator: string) =>
  Array.isArray(value) ? value : (value ?? "").split(separator);

function main() {
  const [dir] = process.argv.slice(2);
  if (!dir) {
    console.error("usage: npx tsx scripts/build-place-terms.ts <unpacked @openstreetmap/id-tagging-schema package>");
    process.exit(2);
  }
  const version = (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
  const translations = path.join(dir, "dist/translations");
  const names: Terms = new Map();
  const searchTerms: Terms = new Map();
  for (const file of readdirSync(translations).filter((name) => /^[^.]+\.json$/.test(name))) {
    const document = JSON.parse(readFileSync(path.join(translations, file), "utf8")) as Record<
      string,
      { presets?: { presets?: Record<string, Preset> } }
    >;
    for (const translation of Object.values(document))
      for (const [id, preset] of Object.entries(translation.presets?.presets ?? {})) {
        const match = PRESET.exec(id);
        if (!match || NOT_PAID.test(id) || PLACE_NOT_PAID.test(id)) continue;
        const kind = `${match[1]}=${match[2]}`;
        add(names, preset.name ?? "", kind);
        for (const text of [...listed(preset.terms, ","), ...listed(preset.aliases, "\n")])
          add(searchTerms, text, kind);
      }
  }
  const terms: Terms = new Map();
  for (const [term, kinds] of searchTerms) if (kinds.size === 1 && !names.has(term)) terms.set(term, kinds);
  for (const [term, kinds] of names) if (kinds.size <= MOST_KINDS_OF_A_NAME) terms.set(term, kinds);
  const lines = [...terms]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([term, kinds]) => `${term}\t${[...kinds].sort().join(",")}`);
  writeFileSync(
    OUTPUT,
    `// Generated by scripts/build-place-terms.ts from @openstreetmap/id-tagging-schema ${version}
// (ISC, Copyright iD contributors; see server/domain/categorisation/BRANDS.md).
// One term per line, a tab, the kinds of place it names. Do not edit.
// prettier-ignore
export const PLACE_TERMS = ${JSON.stringify(lines.join("\n"))};
`,
  );
  console.log(`${lines.length} terms -> ${path.relative(process.cwd(), OUTPUT)}`);
}

main();
