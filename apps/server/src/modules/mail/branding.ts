import { DEFAULT_PASS_LANGUAGE, type PassLanguage } from '@trailpass/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { queryRows } from '../../db/client';
import { media, offers, partners, type Styles, type Translations } from '../../db/schema';
import { localizedFields } from '../language/translate';
import { primaryColourOf } from '../manifest/domain';

/** What every e-mail of an offer shows of it: its name, its primary colour and its logo. */
export interface MailBrand {
  offerName: string;
  /** Spec 9's primary colour, as the pass shows it. */
  colour: string;
  /** An absolute URL, or null when neither the offer nor its partner has a logo. */
  logoUrl: string | null;
}

/** The logo locations an e-mail header takes, best first (as Login takes them, spec 2.13). */
const LOGO_LOCATIONS = ['HorizontalLogo', 'Logo'] as const;

/** What mailBrandJsonSql reads: the offer's name, both styles and the logo media of offer and partner. */
export interface MailBrandJson {
  offer_name: string;
  /** The offer's translations (decision 0049): its name in the holder's language. Missing: none. */
  offer_translations?: Translations | null;
  offer_styles: Styles | null;
  partner_styles: Styles | null;
  logos: Array<{ owner: string; location: string; url: string }>;
}

/**
 * The offer's brand as one JSON value (MailBrandJson; null when there is no such offer), as a subquery: read
 * alone by loadMailBrand, or inside a statement that reads more (a cart completion's plan). The logos are
 * found by owner through media_owner_idx.
 */
export function mailBrandJsonSql(offerId: SQL): SQL {
  const locations = sql.raw(LOGO_LOCATIONS.map((location) => `'${location}'`).join(', '));
  return sql`(select jsonb_build_object('offer_name', o.name, 'offer_translations', o.translations,
      'offer_styles', o.styles,
      'partner_styles', p.styles,
      'logos', (select coalesce(jsonb_agg(jsonb_build_object('owner', m.owner_type, 'location', m.location,
          'url', m.url)), '[]'::jsonb)
        from ${media} m where m.location in (${locations})
          and ((m.owner_type = 'offer' and m.owner_id = o.id) or (m.owner_type = 'partner' and m.owner_id = p.id))))
    from ${offers} o join ${partners} p on p.id = o.partner_id where o.id = ${offerId})`;
}

/**
 * The brand of what mailBrandJsonSql read: the primary colour by the manifest's rule, the offer's logo
 * before its partner's (HorizontalLogo before Logo). Media URLs (`/pass/media/...`) become absolute on
 * `publicUrl`, as a mail client has no base.
 */
export function toMailBrand(
  json: MailBrandJson,
  publicUrl: string,
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
): MailBrand {
  const logo = (['offer', 'partner'] as const)
    .flatMap((owner) => LOGO_LOCATIONS.map((location) => ({ owner, location })))
    .map(({ owner, location }) => json.logos.find((m) => m.owner === owner && m.location === location))
    .find((found) => found !== undefined);
  return {
    offerName: localizedFields({ name: json.offer_name }, json.offer_translations, language).name,
    colour: primaryColourOf(json.offer_styles, json.partner_styles),
    logoUrl: logo ? new URL(logo.url, `${publicUrl}/`).toString() : null,
  };
}

/** The offer's brand for an e-mail, in one read; its name in `language` (decision 0049). */
export async function loadMailBrand(
  db: DbExecutor,
  offerId: number,
  publicUrl: string,
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
): Promise<MailBrand> {
  const [row] = await queryRows<{ brand: MailBrandJson | null }>(
    db,
    sql`select ${mailBrandJsonSql(sql`${offerId}::int`)} as brand`,
  );
  if (!row?.brand) throw new Error(`no offer ${offerId} to brand an e-mail with`);
  return toMailBrand(row.brand, publicUrl, language);
}
