import { LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';

// The top-organizations chart needs a legend (its items toggle series); registered here, in the
// chunk loaded with the chart, so ECharts stays out of the first page load.
echarts.use([LegendComponent]);

export { EChart } from '../../../components/echart.tsx';
