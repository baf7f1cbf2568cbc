import { LineChart } from 'echarts/charts';
import { MarkAreaComponent } from 'echarts/components';
import * as echarts from 'echarts/core';

// The charts of recordings draw lines and the optimal zone's marked band (their legends are HTML buttons);
// registered here, in the chunk loaded with the charts, so ECharts stays out of the first page load.
echarts.use([LineChart, MarkAreaComponent]);

export { EChart } from './echart.tsx';
