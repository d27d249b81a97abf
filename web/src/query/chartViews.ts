import { createContext, useContext } from "react";

/** What the PDF export needs of a drawn chart: its title and a PNG of it. */
export interface DrawnChart {
  title: string;
  toImageURL: () => Promise<string>;
}

/**
 * The charts a query screen currently shows, by chart id: the charts register here once Vega has
 * drawn them, so the Export menu can print exactly what is on screen.
 */
export class ChartViews {
  private readonly charts = new Map<string, DrawnChart>();

  set(id: string, chart: DrawnChart | undefined) {
    if (chart) this.charts.set(id, chart);
    else this.charts.delete(id);
  }

  all(): DrawnChart[] {
    return [...this.charts.values()];
  }
}

export const ChartViewsContext = createContext<ChartViews | undefined>(undefined);

export const useChartViews = () => useContext(ChartViewsContext);
