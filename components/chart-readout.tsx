"use client";

import { useEffect, useState, type ReactNode } from "react";

/** The width at which the dashboard lays itself out for a phone (app/styles/phone.css). */
const PHONE_WIDTH = "(max-width: 600px)";

function usePhoneWidth(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(PHONE_WIDTH);
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return phone;
}

/**
 * Where a chart's tooltip is read. On a wide screen it floats beside the pointer. On a phone the finger
 * already covers part of a small chart, so the tooltip is read in a line below it instead: Recharts
 * draws it into `portal` (the `readout` element, in the page's flow, its space kept while nothing is
 * touched). Give `portal` to the chart's <Tooltip> and place `readout` after the chart.
 */
export function useChartReadout(): { portal: HTMLElement | undefined; readout: ReactNode } {
  const phone = usePhoneWidth();
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  return {
    portal: phone && node ? node : undefined,
    readout: phone ? <div ref={setNode} className="chart-readout" data-testid="chart-readout" /> : null,
  };
}
