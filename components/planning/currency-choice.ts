interface CurrencyChoices {
  home_currency_id: string;
  currencies: ReadonlyArray<{ id: string; code: string; symbol: string }>;
}

/**
 * The currency a budget or goal is kept in: the one chosen, else the workspace's home currency
 * (`id`, empty until the choices arrive); that currency, and the options of the Currency select.
 */
export function currencyChoice(choices: CurrencyChoices | undefined, chosenId: string) {
  const id = chosenId || choices?.home_currency_id || "";
  return {
    id,
    currency: choices?.currencies.find((candidate) => candidate.id === id),
    options: (choices?.currencies ?? []).map((item) => ({ value: item.id, label: `${item.code} (${item.symbol})` })),
  };
}
