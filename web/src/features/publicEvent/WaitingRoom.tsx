import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { clockText } from '../checkout/countdownSteps';
import { keepWaitingRoomPass, waitingRoomPass } from '../checkout/waitingRoomPass';
import { useCountdown } from '../../shared/intl/countdown';
import { waitingRoomMessages as m } from './messages';
import { waitingRoomApi, waitingRoomQueries, type WaitingRoomStatus } from './waitingRoom';

type Place = NonNullable<WaitingRoomStatus['place']>;

/**
 * The on-sale waiting room in front of the ticket selection (docs/waiting-room.md). While the event's room is on
 * and this tab's pass is not admitted, it shows the buyer's place, how many are ahead and an estimated wait,
 * polling every few seconds; once admitted, the ticket selection (whose reservation sends the pass). The server
 * checks the pass, so nothing here is a lock a buyer could skip.
 */
export function WaitingRoomGate({
  eventId,
  timeZone,
  children,
}: {
  eventId: string;
  timeZone: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => waitingRoomPass(eventId));
  const status = useQuery(waitingRoomQueries.status(eventId, token));
  const [joinFailed, setJoinFailed] = useState(false);
  const joining = useRef(false);

  const join = useCallback(async () => {
    if (joining.current) return;
    joining.current = true;
    setJoinFailed(false);
    try {
      const joined = await waitingRoomApi.join(eventId, token);
      keepWaitingRoomPass(eventId, joined.token);
      const { token: pass, sold_out, ...place } = joined;
      queryClient.setQueryData(waitingRoomQueries.status(eventId, pass).queryKey, {
        enabled: true,
        sold_out,
        place,
      });
      setToken(pass);
    } catch {
      setJoinFailed(true);
    } finally {
      joining.current = false;
    }
  }, [eventId, token, queryClient]);

  const data = status.data;
  // The pass this tab was let in with: when its window ends unused, the buyer is told why they queue again.
  const admittedPass = useRef<string | null>(null);
  const [lapsed, setLapsed] = useState(false);
  useEffect(() => {
    if (!data?.enabled) return;
    if (data.place?.admitted) {
      admittedPass.current = token;
      setLapsed(false);
    } else if (admittedPass.current !== null && admittedPass.current === token) {
      admittedPass.current = null;
      setLapsed(true);
    }
  }, [data, token]);
  const needsPlace = data !== undefined && data.enabled && data.place === null && !data.sold_out;
  useEffect(() => {
    if (needsPlace && !joinFailed) void join();
  }, [needsPlace, joinFailed, join]);

  // Unknown yet, or the status could not be read: the ticket selection (the reservation is checked anyway).
  if (!data || !data.enabled) return <>{children}</>;
  const place = data.place;
  if (place?.admitted)
    return (
      <>
        {place.admission_expires_at ? (
          <p className="waiting-room__admitted" role="status">
            {intl.formatMessage(m.admitted, {
              time: intl.formatTime(place.admission_expires_at, {
                hour: 'numeric',
                minute: '2-digit',
                timeZone,
              }),
            })}
          </p>
        ) : null}
        {children}
      </>
    );
  if (data.sold_out)
    return (
      <div className="light-non-ideal light-non-ideal--compact waiting-room" role="status">
        <h3 className="light-non-ideal__title">{intl.formatMessage(m.soldOutTitle)}</h3>
        <p className="light-non-ideal__description">{intl.formatMessage(m.soldOutDescription)}</p>
      </div>
    );
  return (
    <div className="waiting-room" aria-labelledby="waiting-room-title">
      <h3 className="waiting-room__title" id="waiting-room-title">
        {intl.formatMessage(m.title)}
      </h3>
      <p className="waiting-room__intro">{intl.formatMessage(m.intro)}</p>
      {lapsed ? (
        <p className="waiting-room__lapsed" role="status">
          {intl.formatMessage(m.lapsed)}
        </p>
      ) : null}
      {place ? (
        <WaitingPlace place={place} fetchedAt={status.dataUpdatedAt} />
      ) : joinFailed ? (
        <div role="alert">
          <p>{intl.formatMessage(m.joinFailed)}</p>
          <button type="button" className="event-home__button" onClick={() => setJoinFailed(false)}>
            {intl.formatMessage(m.retry)}
          </button>
        </div>
      ) : (
        <p role="status">{intl.formatMessage(m.joining)}</p>
      )}
    </div>
  );
}

function WaitingPlace({ place, fetchedAt }: { place: Place; fetchedAt: number }) {
  const intl = useIntl();
  // The estimate counts down on this browser's clock from when it was answered, and starts again at each poll.
  const countdown = useCountdown(fetchedAt + place.estimated_wait_seconds * 1000);
  return (
    <>
      <div className="waiting-room__place" aria-live="polite" aria-atomic="true">
        <p className="waiting-room__position">
          {intl.formatMessage(m.position, { position: place.position })}
        </p>
        <p className="waiting-room__ahead">{intl.formatMessage(m.ahead, { ahead: place.ahead })}</p>
      </div>
      <p className="waiting-room__estimate" role="timer" aria-live="off">
        {countdown.expired
          ? intl.formatMessage(m.estimateSoon)
          : intl.formatMessage(m.estimate, { time: clockText(countdown.remainingMs) })}
      </p>
      <p className="waiting-room__number">{intl.formatMessage(m.number, { number: place.number })}</p>
    </>
  );
}
