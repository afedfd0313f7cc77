export { ensureCurrencies } from "./currencies";
export {
  DEFAULT_DEMO_TRANSACTIONS,
  MAX_DEMO_TRANSACTIONS,
  seedDemo,
  type DemoSummary,
  type SeedDemoOptions,
} from "./demo";
export { DEMO_EMAIL, DEMO_PASSWORD } from "./setup";
