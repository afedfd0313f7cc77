import type { Messages } from "@/messages/catalogue";

// Message keys are checked at compile time: `t("missing.key")` is a type error (next-intl's AppConfig).
declare module "next-intl" {
  interface AppConfig {
    Messages: Messages;
  }
}
