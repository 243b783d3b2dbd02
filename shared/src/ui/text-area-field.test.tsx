import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { TextAreaField } from './text-area-field';

describe('TextAreaField', () => {
  it('labels the textarea and links its hint and error', () => {
    render(<TextAreaField label="Описание" hint="Что нужно сделать" error="Укажите описание" />);
    const area = screen.getByLabelText('Описание');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Что нужно сделать Укажите описание');
  });

  it('is valid and undescribed without a hint or an error, four rows unless told', () => {
    render(<TextAreaField label="Комментарий" />);
    const area = screen.getByLabelText('Комментарий');
    expect(area).not.toHaveAttribute('aria-invalid');
    expect(area).not.toHaveAttribute('aria-describedby');
    expect(area).toHaveAttribute('rows', '4');
  });

  it('gives the ref and the change events to the owner, as react-hook-form `register` needs', () => {
    const ref = createRef<HTMLTextAreaElement>();
    const onChange = jest.fn();
    render(<TextAreaField label="Отзыв" name="text" ref={ref} onChange={onChange} rows={6} />);
    const area = screen.getByLabelText('Отзыв');
    expect(ref.current).toBe(area);
    expect(area).toHaveAttribute('name', 'text');
    expect(area).toHaveAttribute('rows', '6');
    fireEvent.change(area, { target: { value: 'Всё аккуратно' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('puts className on the field and textareaClassName on the textarea', () => {
    render(<TextAreaField label="Причина" id="reason" className="dialog-field" textareaClassName="dialog-textarea" error="Укажите причину" />);
    const area = screen.getByLabelText('Причина');
    expect(area).toHaveAttribute('id', 'reason');
    expect(area).toHaveClass('ui-field__input', 'dialog-textarea');
    expect(area.closest('.ui-field')).toHaveClass('ui-field--invalid', 'dialog-field');
  });
});
