import { Notifications } from '@mantine/notifications';

/** SPEC §9: toasts sit bottom-centre and close after 5 seconds. */
export function Toasts() {
  return <Notifications position="bottom-center" autoClose={5000} />;
}
