# frozen_string_literal: true

# Runs every ```ruby block of the Markdown files given, each as its own program with the
# installed gem, and compares its output with the ```text block right after it (if any).
# One `ok`/`FAIL` line per block; exit 1 if any failed.
require 'open3'
require 'rbconfig'

failed = 0
ARGV.each do |path|
  blocks = File.read(path, encoding: 'UTF-8').scan(/^```(\w+)\n(.*?)^```\n/m)
  n = 0
  blocks.each_with_index do |(lang, code), i|
    next unless lang == 'ruby'

    n += 1

    want = blocks[i + 1] && blocks[i + 1][0] == 'text' ? blocks[i + 1][1] : nil
    out, err, st = Open3.capture3(RbConfig.ruby, '-w', '-e', code)
    ok = st.success? && err.empty? && (want.nil? || out == want)
    what = "#{File.basename(path)} example #{n} (#{code.lines.find { |l| l =~ /UuidShard\./ }&.strip&.slice(0, 50)})"
    puts "#{ok ? 'ok' : 'FAIL'} example: #{what}#{want ? ', output as shown' : ', runs'}"
    next if ok

    failed += 1
    warn "  got: #{out.inspect}\n  want: #{want.inspect}\n  stderr: #{err}"
  end
end
exit(failed.zero? ? 0 : 1)
