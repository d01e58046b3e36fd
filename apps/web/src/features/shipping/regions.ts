/**
 * Spec 3 and 5 fixed option lists of the shipping address: the two countries we ship to, the US states
 * with DC and the inhabited territories, and the 13 Canadian provinces and territories. Values are the
 * postal abbreviations the order stores (address.state holds at most 3 characters).
 */

export type AddressCountry = 'US' | 'CA';

export interface Option<T extends string = string> {
  code: T;
  name: string;
}

export const ADDRESS_COUNTRIES: readonly Option<AddressCountry>[] = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
];

/** Spec 5: a country other than US or CA (Sam's GB, none at all) starts the form on US. */
export const DEFAULT_ADDRESS_COUNTRY: AddressCountry = 'US';

export const US_STATES: readonly Option[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'GU', name: 'Guam' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'VI', name: 'U.S. Virgin Islands' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

export const CA_PROVINCES: readonly Option[] = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
];

/** Spec 5: the state list depends on the country. */
export function regionsOf(country: AddressCountry): readonly Option[] {
  return country === 'CA' ? CA_PROVINCES : US_STATES;
}

/** Spec 5: US or CA as given (any case, spaces trimmed); anything else, or nothing, is US. */
export function addressCountry(value: string | null | undefined): AddressCountry {
  const code = value?.trim().toUpperCase();
  return code === 'CA' || code === 'US' ? code : DEFAULT_ADDRESS_COUNTRY;
}

/** Spec 5: a state that is not in the country's list is cleared (''); one that is, is kept (upper case). */
export function stateIn(country: AddressCountry, state: string | null | undefined): string {
  const code = state?.trim().toUpperCase() ?? '';
  return regionsOf(country).some((region) => region.code === code) ? code : '';
}
