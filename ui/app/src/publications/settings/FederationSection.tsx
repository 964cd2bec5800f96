// Settings › Federation (docs/FEDERATION.md): the switch making the site
// an ActivityPub actor (extensions.federation.enabled) and the blocklist
// (extensions.federation.blocked, one host or actor URL a line), both
// saved with the form; the handle to follow; and the followers, listed to
// the owner only, each with Remove (the follower's server gets a Reject
// of its Follow).
import { useEffect, useRef, useState } from "preact/hooks";
import { useClient, useQuery } from "@urql/preact";
import { useI18n } from "../../lib/i18n-context";
import { errorText } from "../../lib/errors";
import { fmtDateTime } from "../../lib/time";
import { ActionError, ErrorNote, Loading } from "../ui";
import { useSite } from "../site";
import { Check, Field } from "./controls";
import { FederationQuery, RemoveFollowerMutation } from "./federation-ops";
import type { FederationQuery as FQ } from "../../gql/graphql";
import type { Form } from "./model";

const PAGE = 20;

interface Props {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  err: (f: keyof Form) => string;
  /** Whether federation is on in the stored settings (turning it off is then announced to followers). */
  savedOn: boolean;
}

/** FederationFields is the form's Federation fieldset, with the handle and the followers. */
export function FederationFields({ form, set, err, savedOn }: Props) {
  const { t } = useI18n();
  const site = useSite();
  // after: the cursor each page after the first starts after.
  const [pages, setPages] = useState<string[]>([]);
  const after = pages.length ? pages[pages.length - 1] : undefined;
  const [res, refetch] = useQuery({ query: FederationQuery, variables: { userId: site.userId, first: PAGE, after }, requestPolicy: "cache-and-network" });
  const fed = res.data?.pubFederation;
  // A save that turned federation off removed the followers: list them anew.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setPages([]);
    refetch({ requestPolicy: "network-only" });
  }, [savedOn]);
  const turningOff = savedOn && !form.federationEnabled;
  return (
    <fieldset class="federation" aria-describedby="federation-hint">
      <legend>{t("settings.federationGroup")}</legend>
      <p id="federation-hint" class="muted">
        {t("settings.federationHint")}
      </p>
      {fed && !fed.available && (
        <p class="notice" role="note">
          {t("settings.federationUnavailable")}
        </p>
      )}
      <Check id="f-federationEnabled" label={t("settings.federationEnabled")} hint={t("settings.federationEnabledHint")} checked={form.federationEnabled} onChange={(v) => set("federationEnabled", v)} />
      {err("federationEnabled") && <p class="error field-error">{err("federationEnabled")}</p>}
      {turningOff && (
        <p class="notice warning" role="alert">
          {t("settings.federationOffWarning", { count: fed?.followerCount ?? 0 })}
        </p>
      )}
      {fed?.available && fed.handle && (
        <p class="federation-handle">
          {t("settings.federationHandle")} <code>{fed.handle}</code>
        </p>
      )}
      <Field id="f-blocked" label={t("settings.blocked")} hint={t("settings.blockedHint")} error={err("blocked")}>
        {(a) => (
          <textarea {...a} rows={4} value={form.blocked} spellcheck={false} autoComplete="off" placeholder={"example.social\nhttps://host.example/users/someone"} onInput={(e) => set("blocked", e.currentTarget.value)} />
        )}
      </Field>
      {fed?.available && (
        <Followers
          fed={fed}
          loading={res.fetching}
          page={pages.length}
          onNext={() => fed.followers.pageInfo.endCursor && setPages([...pages, fed.followers.pageInfo.endCursor])}
          onPrev={() => setPages(pages.slice(0, -1))}
          onRemoved={() => {
            setPages([]);
            refetch({ requestPolicy: "network-only" });
          }}
        />
      )}
      {res.fetching && !fed && <Loading />}
      {res.error && <ErrorNote error={res.error} onRetry={() => refetch({ requestPolicy: "network-only" })} />}
    </fieldset>
  );
}

type Fed = FQ["pubFederation"];

function Followers(props: { fed: Fed; loading: boolean; page: number; onNext: () => void; onPrev: () => void; onRemoved: () => void }) {
  const { t, lang } = useI18n();
  const site = useSite();
  const client = useClient();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState("");
  const { fed } = props;
  const remove = async (actor: string) => {
    if (!confirm(t("settings.followerConfirmRemove", { actor }))) return;
    setBusy(actor);
    const r = await client.mutation(RemoveFollowerMutation, { userId: site.userId, actor }).toPromise();
    setBusy("");
    if (r.error) {
      setError(errorText(t, r.error));
      return;
    }
    setError("");
    props.onRemoved();
  };
  const edges = fed.followers.edges;
  return (
    <div class="followers">
      <h2 id="followers-h">{t("settings.followersHeading", { count: fed.followerCount })}</h2>
      <p class="muted">{t("settings.followersHint", { likes: fed.reactions.likes, announces: fed.reactions.announces })}</p>
      {edges.length === 0 ? (
        <p class="muted">{t("settings.followersNone")}</p>
      ) : (
        <div class="table-wrap">
          <table class="data" aria-labelledby="followers-h">
            <thead>
              <tr>
                <th scope="col">{t("settings.followerActor")}</th>
                <th scope="col">{t("settings.followerServer")}</th>
                <th scope="col">{t("settings.followerSince")}</th>
                <th scope="col">
                  <span class="visually-hidden">{t("settings.followerActions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {edges.map(({ node }) => (
                <tr key={node.actor} data-actor={node.actor}>
                  <th scope="row">
                    <a href={node.actor} target="_blank" rel="noopener noreferrer">
                      {node.actor}
                    </a>
                  </th>
                  <td>{node.inboxHost}</td>
                  <td>{fmtDateTime(node.followedAt, site.zone, lang)}</td>
                  <td>
                    <button type="button" class="secondary" disabled={busy !== ""} aria-label={t("settings.followerRemoveLabel", { actor: node.actor })} onClick={() => void remove(node.actor)}>
                      {busy === node.actor ? t("settings.followerRemoving") : t("settings.followerRemove")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(props.page > 0 || fed.followers.pageInfo.hasNextPage) && (
        <div class="actions">
          <button type="button" class="secondary" disabled={props.page === 0 || props.loading} onClick={props.onPrev}>
            {t("settings.followersPrev")}
          </button>
          <button type="button" class="secondary" disabled={!fed.followers.pageInfo.hasNextPage || props.loading} onClick={props.onNext}>
            {t("settings.followersNext")}
          </button>
        </div>
      )}
      {error && <ActionError text={error} />}
    </div>
  );
}
