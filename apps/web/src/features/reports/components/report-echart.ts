import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';

// The reports draw lines with legends, marked bands and zoom; registered here, in the chunk
// loaded with the charts, so ECharts stays out of the first page load.
echarts.use([LineChart, LegendComponent, MarkAreaComponent, MarkLineComponent, DataZoomComponent]);

export { EChart } from '../../../components/echart.tsx';
