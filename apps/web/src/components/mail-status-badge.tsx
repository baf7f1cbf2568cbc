import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { mailStatusBadge, type LinkMail } from '../lib/mail-status.ts';

type MailStatusBadgeProps = {
  link: LinkMail;
  /** The tooltip of a failed email: what the admin can do about it. */
  failedHint?: string;
};

/** 'MAIL FAILED' or 'SENDING' beside a pending link's status; nothing once the email was sent. */
export function MailStatusBadge({ link, failedHint }: MailStatusBadgeProps) {
  const badge = mailStatusBadge(link, failedHint);
  if (!badge) return null;
  return (
    <Tooltip
      label={badge.tooltip}
      multiline
      w={240}
      withinPortal
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* Focusable so keyboard users get the tooltip; screen readers read the hidden hint. */}
      <Badge
        color={badge.color}
        variant={badge.variant}
        tabIndex={0}
        className="mantine-focus-auto"
        style={{ flexShrink: 0 }}
      >
        {badge.label}
        <VisuallyHidden>: {badge.tooltip}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
