import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { afterIdle } from '../lib/after-idle.ts';

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
 *
 * Drawn only once its box is on screen and the page has painted and gone idle (docs/decisions/
 * 0030): setting up and laying out a chart is long work, which would otherwise hold up the first
 * render and the answers arriving with it. Set-up, the option and the drawing are three tasks.
 */
export function EChart({ option, height, label }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  // The newest option, for a chart set up after it was given.
  const latestOption = useRef(option);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let instance: EChartsType | null = null;
    let cancelIdle = () => {};
    // The side menu opening or a phone turning changes the width without a window resize.
    const resizes = new ResizeObserver(() => instance?.resize());
    const draw = () => {
      instance = echarts.init(element, undefined, { renderer: 'canvas' });
      resizes.observe(element);
      cancelIdle = afterIdle(() => {
        chart.current = instance;
        // lazyUpdate: the layout and drawing wait for the next frame, a task apart.
        instance?.setOption(latestOption.current, { notMerge: true, lazyUpdate: true });
      });
    };
    const visibility = whenVisible(element, () => {
      cancelIdle = afterIdle(draw);
    });
    return () => {
      visibility.disconnect();
      cancelIdle();
      resizes.disconnect();
      instance?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latestOption.current = option;
    chart.current?.setOption(option, { notMerge: true, lazyUpdate: true });
  }, [option]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height }} />;
}

/** Calls `onVisible` once the element first comes into view (at once without IntersectionObserver). */
function whenVisible(element: Element, onVisible: () => void): { disconnect: () => void } {
  if (typeof IntersectionObserver === 'undefined') {
    onVisible();
    return { disconnect: () => {} };
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    onVisible();
  });
  observer.observe(element);
  return observer;
}
