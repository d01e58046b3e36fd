import Alert from '@mui/material/Alert';
import type { HolderRow } from '@trailpass/contract/console';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import {
  AutocompleteInput,
  Create,
  FormDataConsumer,
  maxLength,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { RESOURCES } from '../dataProvider';
import { useOfferScope } from '../useOfferScope';
import { checkSendAt, isEmptyHtml, toComposeRequest } from './composeRequest';
import { partnerTimeZone } from './partnerTimeZone';

/**
 * The editor's buttons: only what the holder's app keeps when it renders a message (text styles, lists,
 * links, quotes). Colours, alignment and images would be stripped by the server's sanitiser; the heading
 * picker (LevelSelect) is left out as it renders a list item outside any list, which axe rejects.
 */
const toolbar = (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
    <ListButtons size="small" />
    <LinkButtons size="small" />
    <QuoteButtons size="small" />
    <ClearButtons size="small" />
  </RichTextInputToolbar>
);

const notEmptyHtml = (value: unknown) =>
  typeof value !== 'string' || isEmptyHtml(value) ? 'Write the message.' : undefined;

const holderText = (holder: HolderRow) => `${holder.name} (${holder.email})`;

/**
 * A new message to the open offer's holders: a title and rich text, to every holder or to one picked by
 * search, now or at a time in the partner's zone (named on the field).
 */
export function MessageCreate() {
  const { choice, session } = useOfferScope();
  const zone = partnerTimeZone(session, choice?.partnerId);
  const validateSendAt = (value: unknown, values: Record<string, unknown>) =>
    values.when === 'later' ? checkSendAt(value, zone.timeZone) : undefined;
  return (
    <Create
      title={choice ? `New message to ${choice.offerName}` : 'New message'}
      redirect="list"
      transform={(values) => toComposeRequest(values, zone.timeZone)}
      mutationOptions={{ meta: { offerId: choice?.offerId } }}
    >
      <SimpleForm defaultValues={{ audience: 'offer', when: 'now' }}>
        <TextInput source="title" label="Title" validate={[required(), maxLength(200)]} autoComplete="off" />
        <RichTextInput source="html" label="Message" toolbar={toolbar} validate={notEmptyHtml} />
        <RadioButtonGroupInput
          source="audience"
          label="To"
          choices={[
            { id: 'offer', name: `Every holder of ${choice?.offerName ?? 'the offer'}` },
            { id: 'holder', name: 'One holder' },
          ]}
        />
        <FormDataConsumer>
          {({ formData }) =>
            formData.audience === 'holder' && (
              <ReferenceInput
                source="holderId"
                reference={RESOURCES.holders}
                sort={{ field: 'name', order: 'ASC' }}
              >
                <AutocompleteInput
                  label="Holder"
                  optionText={holderText}
                  filterToQuery={(q: string) => ({ q })}
                  validate={required('Pick the holder to send it to.')}
                  helperText="Search by name or e-mail."
                />
              </ReferenceInput>
            )
          }
        </FormDataConsumer>
        <RadioButtonGroupInput
          source="when"
          label="When"
          choices={[
            { id: 'now', name: 'Send now' },
            { id: 'later', name: 'Send later' },
          ]}
        />
        <FormDataConsumer>
          {({ formData }) =>
            formData.when === 'later' && (
              <>
                <TextInput
                  source="sendAtLocal"
                  label={`Send at (${zone.timeZone})`}
                  type="datetime-local"
                  validate={validateSendAt}
                  helperText={
                    zone.partners
                      ? `The partner’s time zone, ${zone.timeZone}.`
                      : `Your browser’s time zone, ${zone.timeZone}.`
                  }
                  // No `min`: the browser's own refusal would block the form before our message, which names the zone.
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                {!zone.partners && (
                  <Alert severity="info" sx={{ mb: 2 }}>
                    The console does not know the partner’s time zone yet: the time is read in your browser’s
                    zone, {zone.timeZone}.
                  </Alert>
                )}
              </>
            )
          }
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
}
