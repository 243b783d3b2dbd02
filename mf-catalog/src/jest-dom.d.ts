// Matchers such as toBeInTheDocument for the type checker (jest.setup-dom.cjs installs them).
import '@testing-library/jest-dom';
