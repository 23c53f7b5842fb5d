import { csvCell, csvStyleFor } from "./csv";

describe("csvCell", () => {
  it("starts a cell a spreadsheet would run as a formula with a '", () => {
    for (const v of ["=1+1", "+55 11", "-2", "@SUM(A1)", "\tx"]) expect(csvCell(v, ";")).toBe(`'${v}`);
    expect(csvCell("\rx", ";")).toBe('"\'\rx"');
    expect(csvCell("Corte 40", ";")).toBe("Corte 40");
  });

  it("quotes a cell with the separator, a quote or a line break, doubling its quotes", () => {
    expect(csvCell("a;b", ";")).toBe('"a;b"');
    expect(csvCell("a;b", ",")).toBe("a;b");
    expect(csvCell('Zé "Navalha"', ",")).toBe('"Zé ""Navalha"""');
    expect(csvCell("one\ntwo", ",")).toBe('"one\ntwo"');
  });
});

it("writes ; and a decimal comma for pt-BR and es, , and a point for en", () => {
  expect(csvStyleFor("pt-BR")).toEqual({ separator: ";", decimal: "," });
  expect(csvStyleFor("es")).toEqual({ separator: ";", decimal: "," });
  expect(csvStyleFor("en")).toEqual({ separator: ",", decimal: "." });
});
