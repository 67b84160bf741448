#pragma once

#include <QChar>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Terrarium::Core {

// Internal to core/safety. The GNU-style options of one invocation, read the way getopt_long
// reads them: short clusters (-rf), a short option's value attached or in the next word (-oFILE,
// -o FILE), long options with "=" or the next word as value, operands. Options may follow
// operands; "--" ends them, and "-" alone is an operand. Only the options the caller names take
// a value: the parser does not know the program.
class CommandOptions
{
public:
    struct Spec
    {
        // Initialised, so that a spec may name only its first fields.
        QStringView shortWithValue = {}; // value attached or in the next word (-o FILE, -oFILE)
        QStringList longWithValue = {}; // value in the next word when written without "="
        QStringView shortAttachedOnly = {}; // value only attached, maybe none (sed -i.bak, -i)
        qsizetype from = 1; // the first word read: 1 skips the program, 0 reads every word
    };

    // One option as written: -o FILE is {"o", FILE}, --output=FILE is {"output", FILE}; each
    // flag of a cluster is one.
    struct Option
    {
        QString name = {};
        QString value = {};
        bool hasValue = false; // false for a flag, and for a value the words do not give
        bool isLong = false;
    };

    // An option that takes a value but is the last word (xargs adds the value, or the program
    // refuses the line) is written without one.
    static CommandOptions parse(const QStringList &words, const Spec &spec);
    // Flags and long names only: no option takes a value.
    static CommandOptions parse(const QStringList &words);

    bool has(QChar flag) const { return shortFlags.contains(flag); }
    QStringList values(QChar flag) const { return shortValues.value(flag); }
    // Written as name or abbreviated to three letters or more (--no-a for --no-act), as
    // getopt_long accepts: for rules that must not miss an option. An abbreviation is taken for
    // every option it begins, so --output also counts as --output-dir.
    bool hasLong(QStringView name) const;
    QStringList longValues(QStringView name) const;
    // Written as name exactly, for where reading one option as another would misplace a file.
    bool hasExactLong(QStringView name) const { return longs.contains(name.toString()); }
    QStringList exactLongValues(QStringView name) const { return longs.value(name.toString()); }

    QList<Option> written; // every option, in order
    // The same by name, a value for each time an option is written: empty where the words give
    // none (--force, or a value past the last word).
    QString shortFlags; // every short flag, in order
    QHash<QChar, QStringList> shortValues; // a short option that takes a value -> its values
    QHash<QString, QStringList> longs; // every long option, as written -> its values
    QStringList operands;
};

} // namespace Terrarium::Core
