// Types for the matchers that jest.setup-dom.cjs registers (toBeInTheDocument, toBeDisabled, …).
import '@testing-library/jest-dom';
