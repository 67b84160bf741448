#include "WorkspaceDiff.h"

#include "core/CoreTr.h"

#include <QStringDecoder>

#include <limits>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Terrarium::Core {

namespace {

struct Op
{
    enum Kind : char { Equal = ' ', Delete = '-', Insert = '+' } kind;
    qsizetype a; // the line of before (Equal, Delete) or the position in it (Insert)
    qsizetype b; // the line of after (Equal, Insert) or the position in it (Delete)
};

// Lines with their '\n' (the last one may lack it), as views into text.
std::vector<std::string_view> splitLines(QByteArrayView text)
{
    std::vector<std::string_view> lines;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf('\n', start);
        end = end < 0 ? text.size() : end + 1;
        lines.emplace_back(text.data() + start, size_t(end - start));
        start = end;
    }
    return lines;
}

// Myers' greedy algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986) on line ids
// a[0..n) and b[0..m), appending the edit script to ops in order; false when more than maxEdits
// edits are needed (ops is then untouched).
bool myers(const std::vector<int> &a, const std::vector<int> &b, qsizetype offA, qsizetype offB,
           qsizetype maxEdits, std::vector<Op> &ops)
{
    const qsizetype n = qsizetype(a.size());
    const qsizetype m = qsizetype(b.size());
    if (n + m >= std::numeric_limits<int>::max() / 2)
        return false;
    const qsizetype maxD = std::min(n + m, maxEdits);
    std::vector<int> v(size_t(2 * maxD + 3), 0);
    const qsizetype origin = maxD + 1;
    // trace[d][k + d]: the furthest x on diagonal k after d edits (int: half the memory).
    std::vector<std::vector<int>> trace;
    qsizetype found = -1;
    for (qsizetype d = 0; d <= maxD && found < 0; ++d) {
        for (qsizetype k = -d; k <= d; k += 2) {
            qsizetype x = (k == -d || (k != d && v[origin + k - 1] < v[origin + k + 1]))
                ? v[origin + k + 1]
                : v[origin + k - 1] + 1;
            qsizetype y = x - k;
            while (x < n && y < m && a[size_t(x)] == b[size_t(y)]) {
                ++x;
                ++y;
            }
            v[origin + k] = int(x);
            if (x >= n && y >= m)
                found = d;
        }
        trace.emplace_back(v.begin() + (origin - d), v.begin() + (origin + d + 1));
    }
    if (found < 0)
        return false;

    std::vector<Op> reversed;
    qsizetype x = n;
    qsizetype y = m;
    for (qsizetype d = found; d > 0; --d) {
        const std::vector<int> &prev = trace[size_t(d - 1)];
        const auto at = [&](qsizetype k) {
            return qsizetype(prev[size_t(k + d - 1)]);
        };
        const qsizetype k = x - y;
        const qsizetype prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
        const qsizetype prevX = at(prevK);
        const qsizetype prevY = prevX - prevK;
        while (x > prevX && y > prevY) {
            --x;
            --y;
            reversed.push_back({Op::Equal, offA + x, offB + y});
        }
        if (x == prevX)
            reversed.push_back({Op::Insert, offA + x, offB + y - 1});
        else
            reversed.push_back({Op::Delete, offA + x - 1, offB + y});
        x = prevX;
        y = prevY;
    }
    while (x > 0 && y > 0) {
        --x;
        --y;
        reversed.push_back({Op::Equal, offA + x, offB + y});
    }
    ops.insert(ops.end(), reversed.rbegin(), reversed.rend());
    return true;
}

// "-3,2": a hunk's range of one side, as diff -u writes it (",1" left out; 0 lines: the line
// before them).
QByteArray range(qsizetype start, qsizetype count)
{
    if (count == 1)
        return QByteArray::number(start + 1);
    return QByteArray::number(count == 0 ? start : start + 1) + ',' + QByteArray::number(count);
}

} // namespace

bool WorkspaceDiff::isText(QByteArrayView data)
{
    if (data.contains('\0'))
        return false;
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString decoded = decoder(data);
    return !decoder.hasError();
}

std::optional<QByteArray> WorkspaceDiff::unifiedHunks(QByteArrayView before, QByteArrayView after,
                                                      int context, qsizetype maxEdits,
                                                      qsizetype maxBytes)
{
    const std::vector<std::string_view> a = splitLines(before);
    const std::vector<std::string_view> b = splitLines(after);
    const qsizetype n = qsizetype(a.size());
    const qsizetype m = qsizetype(b.size());

    // The common start and end cost nothing; Myers runs on what lies between.
    qsizetype prefix = 0;
    while (prefix < n && prefix < m && a[size_t(prefix)] == b[size_t(prefix)])
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < n - prefix && suffix < m - prefix
           && a[size_t(n - 1 - suffix)] == b[size_t(m - 1 - suffix)])
        ++suffix;
    if (prefix == n && prefix == m)
        return QByteArray();

    std::unordered_map<std::string_view, int> ids;
    const auto idsOf = [&ids](const std::vector<std::string_view> &lines, qsizetype from,
                              qsizetype to) {
        std::vector<int> result;
        result.reserve(size_t(to - from));
        for (qsizetype i = from; i < to; ++i)
            result.push_back(ids.try_emplace(lines[size_t(i)], int(ids.size())).first->second);
        return result;
    };
    const std::vector<int> midA = idsOf(a, prefix, n - suffix);
    const std::vector<int> midB = idsOf(b, prefix, m - suffix);

    std::vector<Op> ops;
    ops.reserve(size_t(n + m));
    for (qsizetype i = 0; i < prefix; ++i)
        ops.push_back({Op::Equal, i, i});
    if (!myers(midA, midB, prefix, prefix, maxEdits, ops)) {
        // Too different for a minimal script: the whole middle goes, the new one comes.
        for (qsizetype i = prefix; i < n - suffix; ++i)
            ops.push_back({Op::Delete, i, prefix});
        for (qsizetype j = prefix; j < m - suffix; ++j)
            ops.push_back({Op::Insert, n - suffix, j});
    }
    for (qsizetype i = 0; i < suffix; ++i)
        ops.push_back({Op::Equal, n - suffix + i, m - suffix + i});

    std::vector<qsizetype> changes;
    for (qsizetype i = 0; i < qsizetype(ops.size()); ++i) {
        if (ops[size_t(i)].kind != Op::Equal)
            changes.push_back(i);
    }

    QByteArray out;
    for (size_t g = 0; g < changes.size();) {
        // Changes whose context would touch or overlap go into one hunk.
        size_t h = g;
        while (h + 1 < changes.size() && changes[h + 1] - changes[h] - 1 <= 2 * qsizetype(context))
            ++h;
        const qsizetype start = std::max<qsizetype>(0, changes[g] - context);
        const qsizetype end = std::min<qsizetype>(qsizetype(ops.size()), changes[h] + context + 1);
        qsizetype oldCount = 0;
        qsizetype newCount = 0;
        for (qsizetype i = start; i < end; ++i) {
            oldCount += ops[size_t(i)].kind != Op::Insert;
            newCount += ops[size_t(i)].kind != Op::Delete;
        }
        out += "@@ -" + range(ops[size_t(start)].a, oldCount) + " +"
            + range(ops[size_t(start)].b, newCount) + " @@\n";
        for (qsizetype i = start; i < end; ++i) {
            const Op &op = ops[size_t(i)];
            const std::string_view line = op.kind == Op::Insert ? b[size_t(op.b)] : a[size_t(op.a)];
            out += char(op.kind);
            out.append(line.data(), qsizetype(line.size()));
            if (line.empty() || line.back() != '\n')
                out += "\n\\ No newline at end of file\n";
        }
        if (out.size() > maxBytes)
            return std::nullopt;
        g = h + 1;
    }
    return out;
}

WorkspaceDiff WorkspaceDiff::compute(const QString &path, const std::optional<QByteArray> &before,
                                     const std::optional<QByteArray> &after, const Limits &limits)
{
    WorkspaceDiff diff;
    diff.m_oldSize = before ? before->size() : -1;
    diff.m_newSize = after ? after->size() : -1;
    if (!before && !after)
        return diff;
    if (diff.m_oldSize > limits.maxFileBytes || diff.m_newSize > limits.maxFileBytes) {
        diff.m_kind = Kind::TooLarge;
        return diff;
    }
    if ((before && !isText(*before)) || (after && !isText(*after))) {
        diff.m_kind = Kind::Binary;
        return diff;
    }
    const std::optional<QByteArray> hunks =
        unifiedHunks(before.value_or(QByteArray()), after.value_or(QByteArray()), limits.context,
                     limits.maxEdits, limits.maxDiffBytes);
    if (!hunks) {
        diff.m_kind = Kind::TooLarge;
        return diff;
    }
    if (hunks->isEmpty() && before && after)
        return diff; // the same contents
    for (const QByteArray &line : hunks->split('\n')) {
        if (line.startsWith('+'))
            ++diff.m_added;
        else if (line.startsWith('-'))
            ++diff.m_removed;
    }
    const QByteArray name = path.toUtf8();
    QByteArray header = before ? QByteArray("--- a/" + name) : QByteArray("--- /dev/null");
    header += after ? QByteArray("\n+++ b/" + name + '\n') : QByteArray("\n+++ /dev/null\n");
    diff.m_kind = Kind::Text;
    diff.m_text = QString::fromUtf8(header + *hunks);
    return diff;
}

WorkspaceDiff WorkspaceDiff::tooLarge(qint64 oldSize, qint64 newSize)
{
    WorkspaceDiff diff;
    diff.m_kind = Kind::TooLarge;
    diff.m_oldSize = oldSize;
    diff.m_newSize = newSize;
    return diff;
}

WorkspaceDiff WorkspaceDiff::unavailable(const QString &reason)
{
    WorkspaceDiff diff;
    diff.m_kind = Kind::Unavailable;
    diff.m_reason = reason;
    return diff;
}

QString WorkspaceDiff::summary() const
{
    const auto sizes = [this] {
        if (m_oldSize < 0)
            return Tr::tr("%1 bytes").arg(m_newSize);
        if (m_newSize < 0)
            return Tr::tr("%1 bytes").arg(m_oldSize);
        return Tr::tr("%1 → %2 bytes").arg(m_oldSize).arg(m_newSize);
    };
    switch (m_kind) {
    case Kind::None:
        return QString();
    case Kind::Text:
        return Tr::tr("+%1 −%2").arg(m_added).arg(m_removed);
    case Kind::Binary:
        return Tr::tr("Binary file, %1").arg(sizes());
    case Kind::TooLarge:
        return Tr::tr("Too large to show (%1)").arg(sizes());
    case Kind::Unavailable:
        return Tr::tr("Cannot show the change: %1").arg(m_reason);
    }
    return QString();
}

} // namespace Terrarium::Core
