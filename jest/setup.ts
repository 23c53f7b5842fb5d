import "@testing-library/jest-dom";

process.env.JWT_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
