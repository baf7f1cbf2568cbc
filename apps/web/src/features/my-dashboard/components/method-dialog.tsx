import type { ReactNode } from 'react';
import { List, Modal, Stack, Text, Title } from '@mantine/core';
import type { MyDashboardResponse } from '@resonant/contracts/my-dashboard';
import { useFullScreenDialog } from '../../../components/use-dialog-layout.ts';

type MethodDialogProps = {
  method: MyDashboardResponse['method'];
  onClose: () => void;
};

/** "How is this worked out?": the method in plain words, with the numbers the server used. */
export function MethodDialog({ method, onClose }: MethodDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Modal
      opened
      onClose={onClose}
      title="How is this worked out?"
      size="lg"
      fullScreen={fullScreen}
    >
      <Stack gap="sm">
        <Text size="sm">
          Every figure uses RMSSD, the standard short-term measure of heart rate variability, in
          milliseconds. Only readings of good quality count; readings flagged as low quality are
          left out.
        </Text>
        <Section title="Your morning value">
          A reading you mark as a morning reading counts for its calendar day. With several on one
          day, their average on the log scale is the day’s value. We work on the natural log of
          RMSSD (ln RMSSD) because RMSSD is skewed and its log is not (Plews et al. 2012).
        </Section>
        <Section title="Baseline and its variation (CV)">
          Your baseline is the average ln RMSSD of the last {method.baseline_window_days} days
          (today and the {method.baseline_window_days - 1} before), turned back into ms. It is shown
          once at least {method.baseline_min_days} of those days have a morning value: that is the
          fewest valid mornings a week for a reliable picture (Plews et al. 2014). The CV is how
          much those days vary around it (standard deviation ÷ mean of ln RMSSD, in %); lower is
          steadier (Plews et al. 2012, 2013).
        </Section>
        <Section title="Normal range">
          Your normal range is the average ln RMSSD of the last {method.normal_range_window_days}{' '}
          days, plus and minus {method.normal_range_sd_multiplier} standard deviations, turned back
          into ms. It is shown once {method.normal_range_min_days} of those days have a morning
          value. Your latest morning reading is below, within or above the range of its day.
        </Section>
        <Section title="The six figures">
          Latest and Previous are your two most recent good readings, morning or anytime. The 7-Day
          and 30-Day Averages are the plain average RMSSD of your readings in the last 7 and 30
          calendar days, All-Time of all of them. The Population Norm is the average 30-day RMSSD of
          Resonant members of your sex and 10-year age band when at least 20 share it, otherwise the
          published norm for your sex and age (Voss et al. 2015); it needs your date of birth.
        </Section>
        <Title order={3} size="h6">
          Sources
        </Title>
        <List size="xs" spacing={4}>
          <List.Item>
            Plews DJ, Laursen PB, Kilding AE, Buchheit M. Heart rate variability in elite
            triathletes, is variation in variability the key to effective training? Eur J Appl
            Physiol 2012;112:3729–3741.
          </List.Item>
          <List.Item>
            Plews DJ, Laursen PB, Stanley J, Kilding AE, Buchheit M. Training adaptation and heart
            rate variability in elite endurance athletes: opening the door to effective monitoring.
            Sports Med 2013;43:773–781.
          </List.Item>
          <List.Item>
            Plews DJ, Laursen PB, Le Meur Y, Hausswirth C, Kilding AE, Buchheit M. Monitoring
            training with heart rate variability: how much compliance is needed for valid
            assessment? Int J Sports Physiol Perform 2014;9:783–790.
          </List.Item>
          <List.Item>
            Voss A, Schroeder R, Heitmann A, Peters A, Perz S. Short-term heart rate variability:
            influence of gender and age in healthy subjects. PLoS One 2015;10:e0118308.
          </List.Item>
        </List>
      </Stack>
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={3} size="h6">
        {title}
      </Title>
      <Text size="sm">{children}</Text>
    </div>
  );
}
