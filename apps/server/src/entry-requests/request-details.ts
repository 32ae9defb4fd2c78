/** What a request entered, as stored in EntryRequest.details (one named reader: detailsOf). */
export interface MemberDetails {
  /** An existing player of the unit. */
  playerId?: string;
  nameZh: string;
  nameEn: string;
  gender: 'male' | 'female';
  birthYear: number | null;
  rating: number | null;
  email: string | null;
  /** The federation ID typed for a new player (issue 33); kept on the player at approval. */
  federationId?: string | null;
  role: 'starter' | 'reserve';
}

export interface RequestDetails {
  kind: 'player' | 'team';
  /** Team events: the team's names. */
  team?: { nameZh: string; nameEn: string };
  /** Individual events: one; team events: starters in board order, then reserves. */
  members: MemberDetails[];
  /**
   * Who this is, for "the same person entered twice or by two units": `p:<playerId>` for an
   * existing player, `n:<nameZh>|<birthYear>` for every member, `t:<team nameZh>` for a team.
   */
  identities: string[];
  /** The language of the page the request was made on: its mails (confirmation, decision) are written in it. */
  lang?: 'zh' | 'zh-Hant' | 'en';
}

export function detailsOf(value: unknown): RequestDetails {
  const v = (value ?? {}) as Partial<RequestDetails>;
  return {
    kind: v.kind === 'team' ? 'team' : 'player',
    team: v.team,
    members: Array.isArray(v.members) ? v.members : [],
    identities: Array.isArray(v.identities) ? v.identities : [],
    ...(v.lang === 'zh' || v.lang === 'zh-Hant' || v.lang === 'en' ? { lang: v.lang } : {}),
  };
}

/** The name key of a person (名 + birth year): 同名 with another birth year is another person. */
export function nameKey(m: { nameZh: string; birthYear: number | null }): string {
  return `n:${m.nameZh.replace(/\s+/g, '')}|${m.birthYear ?? ''}`;
}

export function identitiesOf(kind: 'player' | 'team', members: MemberDetails[], team?: { nameZh: string }): string[] {
  const out = new Set<string>();
  for (const m of members) {
    if (m.playerId) out.add(`p:${m.playerId}`);
    out.add(nameKey(m));
  }
  if (kind === 'team' && team) out.add(`t:${team.nameZh.trim()}`);
  return [...out];
}

/** A short label of what was entered (the queue, the messages). */
export function labelOf(d: RequestDetails, lang: 'zh' | 'zh-Hant' | 'en'): string {
  const name = (x: { nameZh: string; nameEn: string }) => (lang === 'en' ? x.nameEn : x.nameZh);
  if (d.kind === 'team' && d.team) return name(d.team);
  return d.members[0] ? name(d.members[0]) : '';
}
