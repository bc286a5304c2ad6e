import { activityCheckinCode } from '@portal/contracts/event-signups';
import { PortalButton } from '~/components/PortalButton';
import { useCall } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { eventIcs, eventPath, type IcsEvent } from '../api/event-view';

/* What a member holding a seat gets, on the event's page and in the personal centre (decision 030). */

/** Offers the .ics file of the event (built in the browser from what the member already sees). */
export function IcsLink({ event }: { event: IcsEvent }) {
  const { t } = useTranslation('events');
  const { site, origin } = useShell();
  const download = () => {
    const pageUrl = `${origin || window.location.origin}${eventPath(site.prefix, event.ta_id)}`;
    const blob = new Blob([eventIcs(event, pageUrl)], { type: 'text/calendar;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `event-${event.ta_id}.ics`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <PortalButton variant="link" onClick={download} data-testid="event-ics">
      {t('ui.downloadIcs')}
    </PortalButton>
  );
}

/**
 * The member's check-in code (decision 028): the QR code is drawn by the server as SVG and shown as
 * an image, so the page loads no QR library; the code itself is printed below for reading out.
 */
export function CheckinCode({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events');
  const { data } = useCall(activityCheckinCode, { ta_id: eventId });
  if (!data) return null;
  return (
    <div className="event-checkin" data-testid="event-checkin">
      <h3>{t('ui.checkinTitle')}</h3>
      {data.checked_in ? (
        <p className="event-signup__status" data-testid="event-checked-in">
          {t('ui.checkedInBadge')}
        </p>
      ) : null}
      <img
        className="event-checkin__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qr_svg)}`}
        alt={t('ui.checkinTitle')}
        width={180}
        height={180}
        data-testid="event-checkin-qr"
      />
      <p className="event-checkin__code">
        <code data-testid="event-checkin-code">{data.code.replace(/(.{5})(?=.)/g, '$1 ')}</code>
      </p>
      <p className="event-signup__hint">{t('ui.checkinHint')}</p>
    </div>
  );
}
