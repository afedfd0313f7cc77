"use client";

import {
  Baby,
  Banknote,
  Bike,
  Bitcoin,
  Book,
  Briefcase,
  Building2,
  Bus,
  Camera,
  Car,
  Carrot,
  Cloud,
  Coffee,
  Coins,
  CreditCard,
  Droplet,
  Dumbbell,
  FileText,
  Film,
  Fuel,
  Gamepad2,
  Gift,
  GraduationCap,
  HandCoins,
  HeartPulse,
  House,
  Landmark,
  Laptop,
  Music,
  PawPrint,
  PenTool,
  Percent,
  PiggyBank,
  Plane,
  Radio,
  Receipt,
  Repeat,
  RotateCcw,
  Scissors,
  Shield,
  Shirt,
  ShoppingBag,
  ShoppingCart,
  Smartphone,
  Sofa,
  Sparkles,
  Ticket,
  Train,
  TrendingUp,
  Tv,
  Umbrella,
  Utensils,
  Vault,
  Wallet,
  Wifi,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { FieldError } from "./form-fields";
import { ColorDot } from "./manage-fields";

/**
 * The icons a wallet or category can carry, by the name the API stores (`icon`, `icon_name`: Lucide's
 * names, https://lucide.dev). The API takes any name of up to 50 characters; the dashboard offers
 * these and keeps a name it does not know, shown as its text.
 */
const ENTITY_ICONS = {
  landmark: Landmark,
  "piggy-bank": PiggyBank,
  wallet: Wallet,
  "credit-card": CreditCard,
  banknote: Banknote,
  coins: Coins,
  "hand-coins": HandCoins,
  vault: Vault,
  bitcoin: Bitcoin,
  "trending-up": TrendingUp,
  percent: Percent,
  briefcase: Briefcase,
  "building-2": Building2,
  home: House,
  sofa: Sofa,
  zap: Zap,
  droplet: Droplet,
  wifi: Wifi,
  smartphone: Smartphone,
  tv: Tv,
  laptop: Laptop,
  "shopping-cart": ShoppingCart,
  "shopping-bag": ShoppingBag,
  carrot: Carrot,
  utensils: Utensils,
  coffee: Coffee,
  shirt: Shirt,
  scissors: Scissors,
  car: Car,
  fuel: Fuel,
  bike: Bike,
  bus: Bus,
  train: Train,
  plane: Plane,
  ticket: Ticket,
  film: Film,
  music: Music,
  radio: Radio,
  camera: Camera,
  "gamepad-2": Gamepad2,
  dumbbell: Dumbbell,
  "heart-pulse": HeartPulse,
  shield: Shield,
  umbrella: Umbrella,
  "graduation-cap": GraduationCap,
  book: Book,
  baby: Baby,
  "paw-print": PawPrint,
  gift: Gift,
  sparkles: Sparkles,
  receipt: Receipt,
  "file-text": FileText,
  repeat: Repeat,
  "rotate-ccw": RotateCcw,
  cloud: Cloud,
  "pen-tool": PenTool,
  wrench: Wrench,
} satisfies Record<string, LucideIcon>;

type EntityIconName = keyof typeof ENTITY_ICONS;

const ENTITY_ICON_NAMES = Object.keys(ENTITY_ICONS) as EntityIconName[];

function isEntityIcon(name: string | null | undefined): name is EntityIconName {
  return typeof name === "string" && Object.hasOwn(ENTITY_ICONS, name);
}

/** Lucide's other names for the pictures offered ("house" is today's name of "home"), as a script may store them. */
const ALIASES: Record<string, EntityIconName> = { house: "home" };

const offeredName = (name: string | null | undefined): string | null | undefined =>
  name && Object.hasOwn(ALIASES, name) ? ALIASES[name] : name;

/** A wallet's or category's icon in its accent colour; its colour dot when it has none the dashboard knows. */
export function EntityMark({ icon, color }: { icon: string | null | undefined; color: string | null }) {
  const offered = offeredName(icon);
  if (!isEntityIcon(offered)) return <ColorDot color={color} />;
  const Icon = ENTITY_ICONS[offered];
  return <Icon className="entity-icon" size={16} style={color ? { color } : undefined} aria-hidden="true" />;
}

/**
 * The icon of a wallet or category, chosen from the pictures (a radio group: arrow keys move, each
 * picture named in the reader's language), or none. A stored name the dashboard does not know stays
 * a choice, shown as its text, so that saving the form keeps it.
 */
export function IconField({
  label,
  name,
  defaultValue,
  error,
}: {
  label: string;
  name: string;
  defaultValue: string | null | undefined;
  error?: string;
}) {
  const t = useTranslations("common.icons");
  const errorId = useId();
  const stored = offeredName(defaultValue);
  const [chosen, setChosen] = useState(stored ?? "");
  const kept = stored && !isEntityIcon(stored) ? stored : null;
  const option = (value: string, title: string, picture: ReactNode) => (
    <label key={value} className="icon-option" title={title}>
      <input type="radio" name={name} value={value} checked={chosen === value} onChange={() => setChosen(value)} />
      {picture}
      <span className="visually-hidden">{title}</span>
    </label>
  );
  return (
    <fieldset className="field icon-field" aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      <div className="icon-options">
        {option("", t("none"), <span aria-hidden="true">–</span>)}
        {ENTITY_ICON_NAMES.map((icon) => {
          const Icon = ENTITY_ICONS[icon];
          return option(icon, t(`names.${icon}`), <Icon size={20} aria-hidden="true" />);
        })}
        {kept
          ? option(
              kept,
              kept,
              <span className="icon-kept" aria-hidden="true">
                {kept}
              </span>,
            )
          : null}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
