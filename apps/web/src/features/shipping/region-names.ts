import type { TFunction } from '../../i18n';

type T = TFunction<'shipping'>;

/**
 * The names of the regions of regions.ts in the chosen language (place names keep their own form where the
 * language has no other), a literal key each.
 */
const REGION_NAMES: Readonly<Record<'US' | 'CA', Readonly<Record<string, (t: T) => string>>>> = {
  US: {
    AL: (t) => t('stateAL'),
    AK: (t) => t('stateAK'),
    AS: (t) => t('stateAS'),
    AZ: (t) => t('stateAZ'),
    AR: (t) => t('stateAR'),
    CA: (t) => t('stateCA'),
    CO: (t) => t('stateCO'),
    CT: (t) => t('stateCT'),
    DE: (t) => t('stateDE'),
    DC: (t) => t('stateDC'),
    FL: (t) => t('stateFL'),
    GA: (t) => t('stateGA'),
    GU: (t) => t('stateGU'),
    HI: (t) => t('stateHI'),
    ID: (t) => t('stateID'),
    IL: (t) => t('stateIL'),
    IN: (t) => t('stateIN'),
    IA: (t) => t('stateIA'),
    KS: (t) => t('stateKS'),
    KY: (t) => t('stateKY'),
    LA: (t) => t('stateLA'),
    ME: (t) => t('stateME'),
    MD: (t) => t('stateMD'),
    MA: (t) => t('stateMA'),
    MI: (t) => t('stateMI'),
    MN: (t) => t('stateMN'),
    MS: (t) => t('stateMS'),
    MO: (t) => t('stateMO'),
    MT: (t) => t('stateMT'),
    NE: (t) => t('stateNE'),
    NV: (t) => t('stateNV'),
    NH: (t) => t('stateNH'),
    NJ: (t) => t('stateNJ'),
    NM: (t) => t('stateNM'),
    NY: (t) => t('stateNY'),
    NC: (t) => t('stateNC'),
    ND: (t) => t('stateND'),
    MP: (t) => t('stateMP'),
    OH: (t) => t('stateOH'),
    OK: (t) => t('stateOK'),
    OR: (t) => t('stateOR'),
    PA: (t) => t('statePA'),
    PR: (t) => t('statePR'),
    RI: (t) => t('stateRI'),
    SC: (t) => t('stateSC'),
    SD: (t) => t('stateSD'),
    TN: (t) => t('stateTN'),
    TX: (t) => t('stateTX'),
    VI: (t) => t('stateVI'),
    UT: (t) => t('stateUT'),
    VT: (t) => t('stateVT'),
    VA: (t) => t('stateVA'),
    WA: (t) => t('stateWA'),
    WV: (t) => t('stateWV'),
    WI: (t) => t('stateWI'),
    WY: (t) => t('stateWY'),
  },
  CA: {
    AB: (t) => t('provinceAB'),
    BC: (t) => t('provinceBC'),
    MB: (t) => t('provinceMB'),
    NB: (t) => t('provinceNB'),
    NL: (t) => t('provinceNL'),
    NT: (t) => t('provinceNT'),
    NS: (t) => t('provinceNS'),
    NU: (t) => t('provinceNU'),
    ON: (t) => t('provinceON'),
    PE: (t) => t('provincePE'),
    QC: (t) => t('provinceQC'),
    SK: (t) => t('provinceSK'),
    YT: (t) => t('provinceYT'),
  },
};

/** A region's name in the chosen language; `fallback` (its English name) for one this table lacks. */
export function regionName(country: 'US' | 'CA', code: string, fallback: string, t: T): string {
  return REGION_NAMES[country][code]?.(t) ?? fallback;
}
