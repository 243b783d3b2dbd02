import type { z } from 'zod';
import { emailSchema, login, phoneSchema, registerCodeReceive } from './auth';
import { bodySchemaOf } from '../ui/form-schema';

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('phoneSchema', () => {
  it('reads a whole number into the canonical form', () => {
    expect(phoneSchema.parse('+7 (999) 555-00-66')).toBe('79995550066');
    expect(phoneSchema.parse('8 999 555 00 66')).toBe('79995550066');
    expect(phoneSchema.parse('9995550066')).toBe('79995550066');
  });

  // Nine digits typed into the masked field: it once went on as 77999555006 and got the SMS code.
  it.each(['+7 (999) 555-00-6', '+7 (999) 555-00-4', '7999555006'])('refuses %p, a number short of a digit', (value) => {
    expect(firstMessage(phoneSchema, value)).toBe('Укажите российский номер телефона: +7 и 10 цифр');
  });

  it('gives the field error, not «Неверный телефон или пароль», at login and registration', () => {
    const phone = '+7 (999) 555-00-6';
    const loginIssues = bodySchemaOf(login).safeParse({ phone, password: 'secret123' });
    expect(loginIssues.success).toBe(false);
    expect(loginIssues.error?.issues).toEqual([expect.objectContaining({ path: ['phone'], message: 'Укажите российский номер телефона: +7 и 10 цифр' })]);
    expect(firstMessage(bodySchemaOf(registerCodeReceive), { phone })).toBe('Укажите российский номер телефона: +7 и 10 цифр');
  });
});

describe('emailSchema', () => {
  // A type="email" field in Chromium hands over petr@пример.рф as its punycode.
  it.each(['petr@xn--e1afmkfd.xn--p1ai', 'petr@пример.xn--p1ai', 'petr@xn--e1afmkfd.рф', 'anna@xn--80asehdb.xn--80adxhks', 'Petr@XN--E1AFMKFD.XN--P1AI', 'anna@mail.xn--p1ai'])(
    'takes the punycode address %p',
    (value) => {
      expect(emailSchema.safeParse(value).success).toBe(true);
    },
  );

  it.each(['petr@xn--e1afmkfd.xn--', 'petr@xn--e1afmkfd.xn--p1ai-', 'petr@example.x1', 'petr@xn--e1afmkfd.xn--p1ai;', 'petr@xn--e1afmkfd'])(
    'refuses %p',
    (value) => {
      expect(firstMessage(emailSchema, value)).toBe('Укажите корректный адрес электронной почты');
    },
  );
});
