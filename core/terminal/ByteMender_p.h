#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace Terrarium::Core {

// An input passed on with some of its bytes replaced, copied only once the first replacement
// comes: until then the output is the input itself, and most output needs no mending.
class ByteMender
{
public:
    // Starts on a new input.
    void begin()
    {
        m_mending = false;
        m_copied = 0;
    }
    // Replaces input[from, to) by `with`; replacements come in input order.
    void replace(QByteArrayView input, qsizetype from, qsizetype to, QByteArrayView with)
    {
        if (!m_mending) {
            m_mending = true;
            m_out.resize(0);
        }
        m_out.append(input.sliced(m_copied, from - m_copied));
        m_out.append(with);
        m_copied = to;
    }
    // The output so far, up to the last replacement (empty before the first).
    qsizetype mendedSize() const { return m_mending ? m_out.size() : 0; }
    // The whole output: the input itself when nothing was replaced, valid until begin().
    QByteArrayView finish(QByteArrayView input)
    {
        if (!m_mending)
            return input;
        m_out.append(input.sliced(m_copied));
        return m_out;
    }

private:
    QByteArray m_out;
    qsizetype m_copied = 0; // how far into the input m_out has caught up
    bool m_mending = false;
};

} // namespace Terrarium::Core
