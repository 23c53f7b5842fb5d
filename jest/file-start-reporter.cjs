// Prints each test file as it starts, so a run that stops making progress shows where it stands.
class FileStartReporter {
  onTestFileStart(test) {
    process.stderr.write(`▶ ${require("node:path").relative(process.cwd(), test.path)}\n`);
  }
}
module.exports = FileStartReporter;
