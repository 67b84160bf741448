#include "core/safety/CommandOptions_p.h"

#include <algorithm>

namespace Terrarium::Core {

namespace {

bool namesLong(const QString &written, QStringView name)
{
    return written == name || (written.size() >= 3 && name.startsWith(written));
}

} // namespace

CommandOptions CommandOptions::parse(const QStringList &words, const Spec &spec)
{
    CommandOptions options;
    const auto takesValue = [&spec](QChar flag) {
        return spec.shortWithValue.contains(flag) || spec.shortAttachedOnly.contains(flag);
    };
    bool endOfOptions = false;
    for (qsizetype i = std::max<qsizetype>(spec.from, 0); i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (endOfOptions || w == u"-" || !w.startsWith(u'-')) {
            options.operands.append(w);
            continue;
        }
        if (w == u"--") {
            endOfOptions = true;
            continue;
        }
        if (w.startsWith(u"--")) {
            Option option{.name = w.mid(2).section(u'=', 0, 0), .isLong = true};
            if (w.contains(u'=')) {
                option.value = w.section(u'=', 1);
                option.hasValue = true;
            } else if (spec.longWithValue.contains(option.name) && i + 1 < words.size()) {
                option.value = words.at(++i);
                option.hasValue = true;
            }
            options.written.append(option);
            continue;
        }
        for (qsizetype j = 1; j < w.size(); ++j) {
            const QChar flag = w.at(j);
            const bool attachedOnly = spec.shortAttachedOnly.contains(flag);
            Option option{.name = QString(flag)};
            if (takesValue(flag) && j + 1 < w.size()) {
                option.value = w.mid(j + 1);
                option.hasValue = true;
            } else if (takesValue(flag) && !attachedOnly && i + 1 < words.size()) {
                option.value = words.at(++i);
                option.hasValue = true;
            }
            options.written.append(option);
            if (takesValue(flag))
                break; // the rest of the word, or the next word, was the value
        }
    }
    for (const Option &option : std::as_const(options.written)) {
        if (option.isLong) {
            options.longs[option.name].append(option.value);
            continue;
        }
        const QChar flag = option.name.at(0);
        options.shortFlags.append(flag);
        if (takesValue(flag))
            options.shortValues[flag].append(option.value);
    }
    return options;
}

CommandOptions CommandOptions::parse(const QStringList &words)
{
    return parse(words, Spec{});
}

bool CommandOptions::hasLong(QStringView name) const
{
    for (auto it = longs.cbegin(); it != longs.cend(); ++it) {
        if (namesLong(it.key(), name))
            return true;
    }
    return false;
}

QStringList CommandOptions::longValues(QStringView name) const
{
    QStringList values;
    for (auto it = longs.cbegin(); it != longs.cend(); ++it) {
        if (namesLong(it.key(), name))
            values += it.value();
    }
    return values;
}

} // namespace Terrarium::Core
