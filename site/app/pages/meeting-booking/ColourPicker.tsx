// The colour a meeting type shows with: one swatch button per Mantine palette colour.
import { CheckIcon, ColorSwatch, Group, Input } from '@mantine/core';
import { MEETING_COLOURS } from '#domain/meetings/booking-schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { colourValue, type MeetingColour } from './meetingTypeForm.ts';

interface ColourPickerProps {
  value: MeetingColour;
  onChange: (colour: MeetingColour) => void;
  error?: string;
}

export function ColourPicker({ value, onChange, error }: ColourPickerProps) {
  const t = useT();
  return (
    <Input.Wrapper label={t('meetingBooking.typeForm.colour')} error={error} labelElement="div" id="meeting-type-colour">
      <Group gap={6} mt={4} role="group" aria-labelledby="meeting-type-colour-label">
        {MEETING_COLOURS.map((colour) => (
          <ColorSwatch
            key={colour}
            component="button"
            type="button"
            color={colourValue(colour)}
            size={26}
            aria-label={t(`meetingBooking.colours.${colour}`)}
            aria-pressed={colour === value}
            onClick={() => onChange(colour)}
            style={{ cursor: 'pointer', color: 'white' }}
          >
            {colour === value && <CheckIcon size={12} />}
          </ColorSwatch>
        ))}
      </Group>
    </Input.Wrapper>
  );
}
