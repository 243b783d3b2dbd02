// Filled in by issue 10 (ARCHITECTURE §8 "Cabinet", "Payment and money").
export {};
