import { BooleanInput, Create, email, maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { useOfferScope } from '../useOfferScope';
import { toCreateHolderRequest } from './createRequest';

/** Adds a holder to the open offer (the spec's PartnerUser fields). */
export function HolderCreate() {
  const { choice } = useOfferScope();
  return (
    <Create
      title={choice ? `Add a holder to ${choice.offerName}` : 'Add a holder'}
      redirect="show"
      transform={toCreateHolderRequest}
      mutationOptions={{ meta: { offerId: choice?.offerId } }}
    >
      <SimpleForm>
        <TextInput
          source="firstName"
          label="First name"
          validate={[required(), maxLength(100)]}
          autoComplete="off"
        />
        <TextInput
          source="lastName"
          label="Last name"
          validate={[required(), maxLength(100)]}
          autoComplete="off"
        />
        <TextInput
          source="email"
          label="E-mail"
          type="email"
          validate={[required(), email(), maxLength(254)]}
        />
        <TextInput
          source="phone"
          label="Phone (optional)"
          type="tel"
          helperText="International format, like +19205550123."
        />
        <BooleanInput source="contactPermission" label="The holder agrees to be contacted" />
      </SimpleForm>
    </Create>
  );
}
