#include "KernelCommandLine.h"

#include <fstream>
#include <iterator>

namespace Terrarium::Guest {

KernelCommandLine KernelCommandLine::parse(std::string_view text)
{
    KernelCommandLine line;
    bool afterSeparator = false;
    size_t pos = 0;
    while (pos < text.size()) {
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n'))
            ++pos;
        if (pos == text.size())
            break;
        std::string word;
        bool quoted = false;
        for (; pos < text.size(); ++pos) {
            const char c = text[pos];
            if (c == '"') {
                quoted = !quoted;
                continue; // the kernel drops the quotes
            }
            if (!quoted && (c == ' ' || c == '\t' || c == '\n'))
                break;
            word += c;
        }
        if (!afterSeparator && word == "--") {
            afterSeparator = true;
            continue;
        }
        (afterSeparator ? line.m_initArguments : line.m_parameters).push_back(std::move(word));
    }
    return line;
}

KernelCommandLine KernelCommandLine::read(const std::string &root)
{
    std::ifstream file((root == "/" ? std::string() : root) + "/proc/cmdline");
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    return parse(text);
}

std::optional<std::string> KernelCommandLine::value(std::string_view key) const
{
    std::optional<std::string> found;
    for (const std::string &parameter : m_parameters) {
        if (parameter.size() > key.size() && parameter[key.size()] == '='
            && parameter.starts_with(key))
            found = parameter.substr(key.size() + 1);
    }
    return found;
}

bool KernelCommandLine::hasFlag(std::string_view flag) const
{
    for (const std::string &parameter : m_parameters) {
        if (parameter == flag)
            return true;
    }
    return false;
}

} // namespace Terrarium::Guest
