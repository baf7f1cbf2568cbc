import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the app draws, so the bundle carries a fraction of ECharts; a chart needing more
// (lines, legends, mark areas) registers it with echarts.use next to its own option.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export type EChartOption = EChartsCoreOption;

type EChartProps = {
  option: EChartOption;
  height: number;
  /**
   * Accessible name of the chart, with its figures formatted as the page shows them; the canvas
   * itself says nothing to a screen reader (ECharts' own aria text would replace this one).
   */
  label: string;
};

/**
 * The one ECharts wrapper (DESIGN §1): a canvas chart that follows its container's width. Load it
 * with React.lazy so ECharts stays out of the first page load.
 */
export function EChart({ option, height, label }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    // The side menu opening or a phone turning changes the width without a window resize.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
