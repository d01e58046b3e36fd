/** Public surface of the shipping feature (spec 2.7 form and spec 5 rules); other features import from here only. */
export {
  ShippingForm,
  type ShippingFormProps,
  type ShippingSubmit,
} from './components/ShippingForm';
export { ADDRESS_COUNTRIES, CA_PROVINCES, US_STATES } from './regions';
export {
  type AddressSource,
  hasRecipient,
  INVALID_EMAIL_MESSAGE,
  mergeSources,
  REQUIRED_MESSAGE,
  SHIP_TO_SELF_MESSAGE,
} from './shipping-form';
